/**
 * Budgets as the studio shows them: each with its use of its current window (exact sums,
 * window-spend.ts), the thresholds claimed in that window, and whether it refuses new turns now;
 * and the active alerts — each budget's highest threshold crossed in its current window — for the
 * banners on /costs and the agent's page.
 */
import type { Db } from "../db/client";
import { exceededLimit, parseAlertAt } from "./budget-status";
import { scopeNames, type BudgetRow } from "./budget-scopes";
import type { BudgetAlertView, BudgetLimit, BudgetScope, BudgetView, BudgetWindow } from "./budget-views.shared";
import { windowAt, windowDay } from "./budget-window";
import { windowSpend } from "./window-spend";

const num = (v: bigint | null) => (v === null ? null : Number(v));

export async function listBudgets(
  db: Db,
  at: Date = new Date(),
  where: { agentId?: string } = {},
): Promise<BudgetView[]> {
  const rows = await db.budget.findMany({
    where: where.agentId ? { OR: [{ scope: "workspace" }, { scope: "agent", scopeId: where.agentId }] } : {},
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (rows.length === 0) return [];
  const names = await scopeNames(db, rows);
  return Promise.all(rows.map((b) => viewOf(db, b, names.get(b.id) ?? null, at)));
}

export async function budgetView(db: Db, id: string, at: Date = new Date()): Promise<BudgetView | null> {
  const row = await db.budget.findUnique({ where: { id } });
  if (!row) return null;
  return viewOf(db, row, (await scopeNames(db, [row])).get(row.id) ?? null, at);
}

async function viewOf(db: Db, b: BudgetRow, scopeName: string | null, at: Date): Promise<BudgetView> {
  const window = b.window as BudgetWindow;
  const range = windowAt(window, at);
  const [spend, alerts] = await Promise.all([
    windowSpend(db, b, range),
    db.budgetAlert.findMany({ where: { budgetId: b.id, windowStart: windowDay(range.start) } }),
  ]);
  return {
    id: b.id,
    scope: b.scope as BudgetScope,
    scopeId: b.scopeId,
    scopeName,
    window,
    maxCostNanoUsd: num(b.maxCostNanoUsd),
    maxTotalTokens: num(b.maxTotalTokens),
    alertAt: parseAlertAt(b.alertAt),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    usage: {
      windowStart: range.start.toISOString(),
      windowEnd: range.end.toISOString(),
      spentCostNanoUsd: Number(spend.costNanoUsd),
      spentTokens: Number(spend.totalTokens),
      unpricedEvents: spend.unpricedEvents,
      alertsFired: alerts
        .map((a) => ({
          threshold: Number(a.threshold),
          limit: a.limit as BudgetLimit,
          spent: Number(a.spent),
          max: Number(a.max),
          createdAt: a.createdAt.toISOString(),
        }))
        .sort((x, y) => x.threshold - y.threshold),
      exceeded: exceededLimit(b, spend)?.limit ?? null,
    },
  };
}

/**
 * Each budget's highest claimed threshold in its current window (what a banner says), most
 * severe first. `agentId`: only the budgets covering that agent's turns.
 */
export async function activeBudgetAlerts(
  db: Db,
  at: Date = new Date(),
  where: { agentId?: string } = {},
): Promise<BudgetAlertView[]> {
  const budgets = await listBudgets(db, at, where);
  const out: BudgetAlertView[] = [];
  for (const b of budgets) {
    const top = b.usage.alertsFired.at(-1);
    if (!top) continue;
    out.push({
      budgetId: b.id,
      scope: b.scope,
      scopeId: b.scopeId,
      scopeName: b.scopeName,
      window: b.window,
      windowStart: b.usage.windowStart,
      windowEnd: b.usage.windowEnd,
      threshold: top.threshold,
      limit: top.limit,
      spent: top.spent,
      max: top.max,
      exceeded: b.usage.exceeded !== null || top.threshold >= 1,
      createdAt: top.createdAt,
    });
  }
  return out.sort((x, y) => y.threshold - x.threshold);
}
