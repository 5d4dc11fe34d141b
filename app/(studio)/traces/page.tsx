import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { RunsList } from "@/components/runs/runs-list";
import type { RunFilters } from "@/components/runs/run-queries";
import { RunStatus } from "@/lib/events/event-types.shared";

export const metadata = { title: "Traces · Atelier" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  await requirePagePrincipal();
  const raw = await searchParams;
  const one = (k: string) => (typeof raw[k] === "string" ? (raw[k] as string) : undefined);
  const status = RunStatus.safeParse(one("status"));
  const page = Number(one("page"));
  const initial: RunFilters = {
    agentId: one("agentId"),
    status: status.success ? status.data : undefined,
    from: DAY.test(one("from") ?? "") ? one("from") : undefined,
    to: DAY.test(one("to") ?? "") ? one("to") : undefined,
    q: one("q")?.slice(0, 200),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
  return (
    <>
      <PageHeader
        title="Traces"
        description="Every run: who asked what, how it ended, what it took. Open one for its model requests, tool calls, approvals and compactions."
      />
      <RunsList initial={initial} />
    </>
  );
}
