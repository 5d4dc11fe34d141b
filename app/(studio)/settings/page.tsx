import { SettingsView } from "@/components/settings/settings-view";
import { SettingsPage, settingsMetadata } from "./_parts/settings-page";

export const metadata = settingsMetadata("");

export default function Page() {
  return <SettingsPage slug="">{() => <SettingsView />}</SettingsPage>;
}
