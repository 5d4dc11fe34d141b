import { viewerHas } from "@/app/_auth/page-principal";
import { ConnectionsPanel } from "@/components/settings/connections-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("connections");

export default function Page() {
  return (
    <SettingsPage slug="connections">
      {(viewer) => <ConnectionsPanel canManage={viewerHas(viewer, ["admin"])} />}
    </SettingsPage>
  );
}
