/** Labels the compaction views share. */
import type { CompactionSummary } from "@/lib/runs/read-models/compactions/compaction-views.shared";

const LABELS: Record<string, string> = {
  summarize: "summarize",
  sliding_window: "sliding window",
  clear: "clear",
  none: "none",
};

export function strategyName(id: string): string {
  return LABELS[id] ?? id;
}

/** A fold's strategy as shown: a summary that degraded to truncation says so. */
export function strategyLabel(c: Pick<CompactionSummary, "strategyId" | "degraded">): string {
  return c.degraded ? "summarize → truncated" : strategyName(c.strategyId);
}

export function strategyPillClass(c: Pick<CompactionSummary, "kind" | "degraded">): string {
  return c.degraded ? "pill warn" : c.kind === "cleared" ? "pill danger" : "pill";
}

export const compactionHref = (id: string) => `/compactions/${encodeURIComponent(id)}`;
