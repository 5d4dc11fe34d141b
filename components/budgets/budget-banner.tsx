"use client";
/**
 * The banner of budgets that crossed an alert threshold in their current window (/costs, and an
 * agent's page for that agent's and the workspace's budgets). Nothing when none did.
 */
import { useBudgetAlerts } from "./budget-queries";
import { alertSentence } from "./budget-text";
import "./budgets.css";

export function BudgetBanner({ agentId }: { agentId?: string }) {
  const alerts = useBudgetAlerts(agentId).data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <div className="budget-banner" role="status" data-testid="budget-banner">
      {alerts.map((a) => (
        <p key={a.budgetId} className={a.exceeded ? "exceeded" : ""}>
          <strong>{a.exceeded ? "Budget spent." : "Budget alert."}</strong>
          {alertSentence(a)}
        </p>
      ))}
    </div>
  );
}
