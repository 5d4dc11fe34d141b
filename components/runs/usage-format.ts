/** Money and usage as the conversation and trace pages show them. Money is integer nano-USD. */
import { formatNanoUsd } from "@/lib/events/money.shared";

/** A cost that may lack a price: an unpriced run never shows as $0.00. */
export function formatCost(nano: number, priced: "all" | "some" | "none" | boolean): string {
  const p = priced === true ? "all" : priced === false ? "none" : priced;
  if (p === "none") return "unpriced";
  if (p === "some") return `${formatNanoUsd(nano)} + unpriced`;
  return formatNanoUsd(nano);
}

export function formatTokens(n: number): string {
  return n.toLocaleString("en-US");
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The tools a model request offered, as the trace shows them; null for requests older than the record. */
export function formatOfferedTools(offered: string[] | null | undefined): string | null {
  if (offered === null || offered === undefined) return null;
  return offered.length ? offered.join(", ") : "no tools offered";
}
