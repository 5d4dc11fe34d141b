import { AuditPanel } from "@/components/settings/audit-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("audit");

export default function Page() {
  return <SettingsPage slug="audit">{() => <AuditPanel />}</SettingsPage>;
}
