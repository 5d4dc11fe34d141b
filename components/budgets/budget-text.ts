/**
 * How budgets read in the studio (pure): the scope by name, the window, the limits, the use of the
 * window as a fraction, and the banner's sentence.
 */
import { formatNanoUsd } from "@/lib/events/money.shared";
import type { BudgetAlertView, BudgetView, BudgetWindow } from "@/lib/budgets/budget-views.shared";

export const WINDOW_LABEL: Record<BudgetWindow, string> = { day: "Daily", week: "Weekly", month: "Monthly" };
const WINDOW_ADJ: Record<BudgetWindow, string> = { day: "daily", week: "weekly", month: "monthly" };

export function scopeText(b: Pick<BudgetView, "scope" | "scopeName" | "scopeId">): string {
  const name = b.scopeName ?? (b.scopeId ? `${b.scopeId} (deleted)` : "");
  if (b.scope === "agent") return `Agent ${name}`;
  if (b.scope === "user") return `User ${name}`;
  if (b.scope === "apiToken") return `API token ${name}`;
  return "The workspace";
}

export const tokens = (n: number) => `${n.toLocaleString("en-US")} tokens`;

export function limitsText(b: Pick<BudgetView, "maxCostNanoUsd" | "maxTotalTokens">): string {
  return [
    b.maxCostNanoUsd !== null ? formatNanoUsd(b.maxCostNanoUsd) : null,
    b.maxTotalTokens !== null ? tokens(b.maxTotalTokens) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Each limit's use of the window: spent, max and the fraction (may pass 1). */
export function uses(b: BudgetView): Array<{ limit: "cost" | "tokens"; spent: string; max: string; fraction: number }> {
  const out: ReturnType<typeof uses> = [];
  if (b.maxCostNanoUsd !== null)
    out.push({
      limit: "cost",
      spent: formatNanoUsd(b.usage.spentCostNanoUsd),
      max: formatNanoUsd(b.maxCostNanoUsd),
      fraction: b.usage.spentCostNanoUsd / b.maxCostNanoUsd,
    });
  if (b.maxTotalTokens !== null)
    out.push({
      limit: "tokens",
      spent: b.usage.spentTokens.toLocaleString("en-US"),
      max: tokens(b.maxTotalTokens),
      fraction: b.usage.spentTokens / b.maxTotalTokens,
    });
  return out;
}

export const percent = (fraction: number) => `${Math.floor(fraction * 100)}%`;

/** "2026-12-31 00:00 UTC" */
export const utcMinute = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** The banner's sentence for a budget's highest threshold crossed in its window. */
export function alertSentence(a: BudgetAlertView): string {
  const who = scopeText(a);
  if (a.exceeded)
    return `${who} has spent its ${WINDOW_ADJ[a.window]} budget: new turns are refused until ${utcMinute(a.windowEnd)}.`;
  return `${who} has used ${percent(a.spent / a.max)} of its ${WINDOW_ADJ[a.window]} ${a.limit === "cost" ? "cost" : "token"} budget.`;
}
