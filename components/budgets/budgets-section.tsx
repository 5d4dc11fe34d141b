"use client";
/** The costs page's "Budgets" section: each budget's use of its current window. */
import Link from "next/link";
import { QueryState } from "@/components/shell/query-state";
import { useBudgets } from "./budget-queries";
import { BudgetUse } from "./budget-use";
import { scopeText, utcMinute, WINDOW_LABEL } from "./budget-text";
import "./budgets.css";

export function BudgetsSection({ canManage }: { canManage: boolean }) {
  const query = useBudgets();
  return (
    <section className="card budget-section" data-testid="costs-budgets" aria-labelledby="costs-budgets-title">
      <h2 id="costs-budgets-title">Budgets</h2>
      <QueryState
        query={query}
        isEmpty={(d) => d.budgets.length === 0}
        empty={
          <p className="muted">
            No budgets.{" "}
            {canManage ? <Link href="/settings/budgets">Set one in Settings → Budgets</Link> : "An admin can set them."}
          </p>
        }
      >
        {(d) => (
          <div className="budget-list">
            {d.budgets.map((b) => (
              <div key={b.id} className="budget-card" data-testid="costs-budget">
                <div>
                  <h3>{scopeText(b)}</h3>
                  <p className="muted small">
                    {WINDOW_LABEL[b.window]} · {utcMinute(b.usage.windowStart)} to {utcMinute(b.usage.windowEnd)}
                  </p>
                </div>
                <BudgetUse budget={b} />
              </div>
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
