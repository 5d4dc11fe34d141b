/** The Home page's figures, without React: the week's period and how its spend reads. */
import { formatCost, formatTokens } from "@/components/runs/usage-format";

const DAY_MS = 86_400_000;

/** The first UTC day of the last seven (today included), as the usage API takes it. */
export function weekStart(now: Date): string {
  return new Date(now.getTime() - 6 * DAY_MS).toISOString().slice(0, 10);
}

/** "$1.23", "unpriced" (usage without a price), "$0.00" when nothing ran; with the tokens when any. */
export function spendText(total: {
  costNanoUsd: number;
  totalTokens: number;
  events: number;
  pricing: "all" | "some" | "none";
}): {
  cost: string;
  detail: string;
} {
  if (total.events === 0) return { cost: formatCost(0, "all"), detail: "no model requests" };
  return {
    cost: formatCost(total.costNanoUsd, total.pricing),
    detail: `${formatTokens(total.totalTokens)} tokens · ${total.events} request${total.events === 1 ? "" : "s"}`,
  };
}
