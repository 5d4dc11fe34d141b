import { viewerHas } from "@/app/_auth/page-principal";
import { McpEndpointPanel } from "@/components/mcp/mcp-endpoint-panel";
import { McpServersPanel } from "@/components/mcp/mcp-servers-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("mcp");

export default function Page() {
  return (
    <SettingsPage slug="mcp">
      {(viewer) => (
        <>
          <McpServersPanel canManage={viewerHas(viewer, ["admin"])} />
          <McpEndpointPanel />
        </>
      )}
    </SettingsPage>
  );
}
