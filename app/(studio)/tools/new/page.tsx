import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ToolStudio } from "@/components/tools/tool-studio";

export const metadata = { title: "New tool · Atelier" };

export default async function Page({ searchParams }: { searchParams: Promise<{ template?: string }> }) {
  await requirePagePrincipal();
  const { template } = await searchParams;
  return <ToolStudio key={template ?? "empty"} toolId={null} templateId={template} />;
}
