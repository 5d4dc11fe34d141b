import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { RunTrace } from "@/components/runs/run-trace";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Run · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePrincipal();
  const { id } = await params;
  return (
    <>
      <PageHeader
        title="Run trace"
        description={`Run ${id} as a timeline: model requests, tool calls, approvals, compactions and the agent runs it started.`}
      />
      <RunTrace id={id} />
    </>
  );
}
