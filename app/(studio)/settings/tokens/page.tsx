import { TokensPanel } from "@/components/settings/tokens-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("tokens");

export default function Page() {
  return <SettingsPage slug="tokens">{() => <TokensPanel />}</SettingsPage>;
}
