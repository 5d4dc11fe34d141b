import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("webhooks");

export default function Page() {
  return <SettingsPage slug="webhooks">{() => <WebhooksPanel />}</SettingsPage>;
}
