import { ProvidersPanel } from "@/components/settings/providers-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("providers");

export default function Page() {
  return <SettingsPage slug="providers">{() => <ProvidersPanel />}</SettingsPage>;
}
