import { requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { McpEndpointPanel } from "@/components/mcp/mcp-endpoint-panel";
import { McpServersPanel } from "@/components/mcp/mcp-servers-panel";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "MCP · Settings · Atelier" };

export default async function Page() {
  const viewer = await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="MCP"
        description="Import tools from MCP servers, and serve this studio's tools to MCP clients."
      />
      <McpServersPanel canManage={viewerHas(viewer, ["admin"])} />
      <McpEndpointPanel />
    </>
  );
}
