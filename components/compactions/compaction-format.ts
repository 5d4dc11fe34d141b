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

/**
 * What a fold did to the context's size, in words: a fold whose estimate after is larger than the
 * size before (a summary longer than what it replaced) says it grew the context, never a saving.
 */
export function tokenChange(before: number, after: number): { text: string; grew: boolean } {
  const delta = after - before;
  if (delta > 0) return { text: `grew the context by ${delta.toLocaleString("en-US")} tokens`, grew: true };
  if (delta === 0) return { text: "left the context the same size", grew: false };
  return { text: `saved ~${(-delta).toLocaleString("en-US")} tokens`, grew: false };
}
