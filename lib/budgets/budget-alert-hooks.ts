/**
 * The seam alerts leave for what reacts to them: a process-wide hook. A threshold crossed in a
 * window is claimed by one process (claim-budget-alerts.ts) and published here once, by that
 * process. The outgoing webhooks subscribe (lib/runs/infra/run-webhooks.ts), turning
 * `budget.threshold` (a threshold below 1) and `budget.exceeded` (1.0) into deliveries
 * (docs/webhooks.md).
 */
import type { BudgetLimit, BudgetScope, BudgetWindow } from "./budget-views.shared";

export interface BudgetAlertEvent {
  type: "budget.threshold" | "budget.exceeded";
  budgetId: string;
  scope: BudgetScope;
  scopeId: string | null;
  window: BudgetWindow;
  windowStart: string;
  windowEnd: string;
  threshold: number;
  limit: BudgetLimit;
  /** In the limit's unit: nano-USD for cost, tokens for tokens (decimal strings: exact). */
  spent: string;
  max: string;
  at: string;
}

export type BudgetAlertListener = (event: BudgetAlertEvent) => void | Promise<void>;

const listeners = new Set<BudgetAlertListener>();

/** Subscribes to alerts this process claimed; returns the unsubscribe. */
export function onBudgetAlert(listener: BudgetAlertListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; a listener that throws is reported to `onError`, never to the caller. */
export async function publishBudgetAlert(
  event: BudgetAlertEvent,
  onError: (err: unknown) => void = () => {},
): Promise<void> {
  await Promise.all(
    [...listeners].map(async (l) => {
      try {
        await l(event);
      } catch (err) {
        onError(err);
      }
    }),
  );
}
