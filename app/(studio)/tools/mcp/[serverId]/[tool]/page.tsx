import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ImportedToolDetail } from "@/components/mcp/imported-tool-detail";
import { PageHeader } from "@/components/shell/page-header";

type Params = { params: Promise<{ serverId: string; tool: string }> };

/** The browser tab names the tool. */
export async function generateMetadata({ params }: Params) {
  const { tool } = await params;
  return { title: `${decodeURIComponent(tool)} · Imported tool · Atelier` };
}

export default async function Page({ params }: Params) {
  await requirePagePrincipal();
  const { serverId, tool } = await params;
  const name = decodeURIComponent(tool);
  return (
    <>
      <PageHeader title={name} description="A tool imported from an MCP server (read-only)." />
      <ImportedToolDetail serverId={serverId} toolName={name} />
    </>
  );
}
