import { UsersPanel } from "@/components/settings/users-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("users");

export default function Page() {
  return <SettingsPage slug="users">{() => <UsersPanel />}</SettingsPage>;
}
