"use client";
/** A budget's use of its current window: one bar per limit, with the figures and percentage in words. */
import type { BudgetView } from "@/lib/budgets/budget-views.shared";
import { percent, uses } from "./budget-text";

export function BudgetUse({ budget }: { budget: BudgetView }) {
  return (
    <div className="budget-use">
      {uses(budget).map((u) => {
        const label = `${u.limit === "cost" ? "Cost" : "Tokens"}: ${u.spent} of ${u.max} (${percent(u.fraction)})`;
        const tone = u.fraction >= 1 ? "over" : u.fraction >= 0.8 ? "warn" : "";
        return (
          <div key={u.limit} className="budget-use-row" data-testid={`budget-use-${u.limit}`}>
            <span>{label}</span>
            <span className="muted small">{u.fraction >= 1 ? "spent" : ""}</span>
            <div
              className={`budget-bar ${tone}`}
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(100, Math.floor(u.fraction * 100))}
            >
              <span style={{ width: `${Math.min(100, u.fraction * 100)}%` }} />
            </div>
          </div>
        );
      })}
      {budget.maxCostNanoUsd !== null && budget.usage.unpricedEvents > 0 ? (
        <span className="muted small" data-testid="budget-unpriced">
          {budget.usage.unpricedEvents} unpriced model request{budget.usage.unpricedEvents === 1 ? "" : "s"} not in the
          cost (their tokens count)
        </span>
      ) : null}
    </div>
  );
}
