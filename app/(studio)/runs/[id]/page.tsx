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
        description={`Run ${id}: model requests, tool calls, approvals and the prompt it was given, in order.`}
      />
      <RunTrace id={id} />
    </>
  );
}
