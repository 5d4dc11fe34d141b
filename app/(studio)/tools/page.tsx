import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { ToolsList } from "@/components/tools/tools-list";
import { ImportedToolsList } from "@/components/mcp/imported-tools-list";
import { NewToolMenu } from "@/components/tools/new-tool-menu";

export const metadata = { title: "Tools · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Tools"
        description="TypeScript tools, the exact schema the model sees, and their versions."
        actions={<NewToolMenu />}
      />
      <ToolsList />
      <ImportedToolsList />
    </>
  );
}
