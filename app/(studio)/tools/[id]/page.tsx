import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ToolStudio } from "@/components/tools/tool-studio";

export const metadata = { title: "Tool Studio · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePrincipal();
  const { id } = await params;
  return <ToolStudio toolId={id} />;
}
