import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { CanvasEditor } from "@/components/canvas/canvas-editor";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Canvas · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Canvas"
        description="Every agent, tool, MCP server, skill and connection of the workspace and how they connect. Drag from an agent to attach; Save writes one version per changed agent."
      />
      <CanvasEditor />
    </>
  );
}
