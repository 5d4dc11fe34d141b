import { PasswordPanel } from "@/components/settings/password-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("password");

export default function Page() {
  return <SettingsPage slug="password">{() => <PasswordPanel />}</SettingsPage>;
}
