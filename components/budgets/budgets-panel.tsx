"use client";
/**
 * Settings → Budgets (admin): every budget with its scope by name, window, limits, use of the
 * current window and alert thresholds; create, edit, delete (docs/budgets.md).
 */
import { useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { QueryState } from "@/components/shell/query-state";
import type { BudgetView } from "@/lib/budgets/budget-views.shared";
import { BudgetForm } from "./budget-form";
import { useBudgets, useDeleteBudget } from "./budget-queries";
import { limitsText, scopeText, utcMinute, WINDOW_LABEL } from "./budget-text";
import { BudgetUse } from "./budget-use";
import "./budgets.css";

export function BudgetsPanel() {
  const query = useBudgets();
  const [creating, setCreating] = useState(false);
  return (
    <section className="card" data-testid="budgets-panel">
      <h2>Budgets</h2>
      <p className="muted">
        A budget caps what the workspace, an agent, a user or an API token spends in a day, an ISO week (from Monday) or
        a month, in UTC. Before each turn starts — messages, commands, MCP asks — the spend stored for the window is
        summed: once it reaches a limit, new turns are refused until the window ends. Turns already running finish.
        Usage with no price counts against token limits only.
      </p>
      {creating ? (
        <BudgetForm existing={null} onDone={() => setCreating(false)} />
      ) : (
        <p>
          <button className="btn" onClick={() => setCreating(true)} data-testid="budget-new">
            New budget
          </button>
        </p>
      )}
      <QueryState
        query={query}
        isEmpty={(d) => d.budgets.length === 0}
        empty={<p className="muted">No budgets yet.</p>}
      >
        {(d) => (
          <div className="budget-list">
            {d.budgets.map((b) => (
              <BudgetCard key={b.id} budget={b} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function BudgetCard({ budget: b }: { budget: BudgetView }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteBudget();
  const confirm = useConfirm();
  if (editing) return <BudgetForm existing={b} onDone={() => setEditing(false)} />;
  const askDelete = async () => {
    const ok = await confirm({
      title: `Delete the ${WINDOW_LABEL[b.window].toLowerCase()} budget of ${scopeText(b)}?`,
      message: "Turns are no longer checked against it, and its alerts are deleted with it.",
      confirmLabel: "Delete budget",
      tone: "danger",
    });
    if (ok) remove.mutate(b.id);
  };
  return (
    <div className="budget-card" data-testid="budget-card">
      <div>
        <h3>{scopeText(b)}</h3>
        <p className="muted small">
          {WINDOW_LABEL[b.window]}: {limitsText(b)} · alerts at{" "}
          {b.alertAt.map((f) => `${Math.round(f * 100)}%`).join(", ")}
        </p>
        <p className="muted small">
          This window: {utcMinute(b.usage.windowStart)} to {utcMinute(b.usage.windowEnd)}
          {b.usage.exceeded ? " · spent: new turns are refused" : ""}
        </p>
      </div>
      <BudgetUse budget={b} />
      <div className="actions">
        <button
          className="btn small"
          onClick={() => setEditing(true)}
          aria-label={`Edit the budget of ${scopeText(b)}`}
        >
          Edit
        </button>
        <button
          className="btn small"
          onClick={askDelete}
          disabled={remove.isPending}
          aria-label={`Delete the budget of ${scopeText(b)}`}
        >
          Delete
        </button>
      </div>
      {remove.error ? (
        <p className="error" role="alert">
          {remove.error.message}
        </p>
      ) : null}
    </div>
  );
}
