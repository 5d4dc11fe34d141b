import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { CompactionsBrowser } from "@/components/compactions/compactions-browser";
import type { CompactionFilters } from "@/components/compactions/compaction-queries";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Compactions · Atelier" };

const STRATEGIES = new Set(["summarize", "sliding_window", "clear"]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  await requirePagePrincipal();
  const raw = await searchParams;
  const one = (k: string) => (typeof raw[k] === "string" ? (raw[k] as string) : undefined);
  const initial: CompactionFilters = {
    agentId: one("agentId"),
    conversationId: one("conversationId"),
    strategy: STRATEGIES.has(one("strategy") ?? "") ? (one("strategy") as CompactionFilters["strategy"]) : undefined,
    from: DAY.test(one("from") ?? "") ? one("from") : undefined,
    to: DAY.test(one("to") ?? "") ? one("to") : undefined,
  };
  return (
    <>
      <PageHeader
        title="Compactions"
        description="Every fold of a conversation's context: its strategy, summary, messages folded, tokens before and after, and what triggered it."
      />
      <CompactionsBrowser initial={initial} />
    </>
  );
}
