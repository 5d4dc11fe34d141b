import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ImportedToolDetail } from "@/components/mcp/imported-tool-detail";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Imported tool · Atelier" };

export default async function Page({ params }: { params: Promise<{ serverId: string; tool: string }> }) {
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
