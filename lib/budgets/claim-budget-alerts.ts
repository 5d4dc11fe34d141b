/**
 * Alerts, once: after a turn's usage is written (the run queue calls this when a job settles),
 * each budget covering the turn is summed in its current window and every threshold it has
 * reached gets a `BudgetAlert` row — the claim, keyed (budgetId, windowStart, threshold). The
 * insert is create-if-absent: of any number of processes racing for one threshold exactly one
 * creates the row, and only that one publishes the alert (budget-alert-hooks.ts). The banners on
 * /costs and the agent's page read these rows (list-budgets.ts).
 */
import type { Db } from "../db/client";
import { publishBudgetAlert, type BudgetAlertEvent } from "./budget-alert-hooks";
import { anyBudget, budgetsCovering, type TurnOwner } from "./budget-scopes";
import { crossedThresholds, parseAlertAt } from "./budget-status";
import type { BudgetLimit, BudgetScope, BudgetWindow } from "./budget-views.shared";
import { windowAt, windowDay } from "./budget-window";
import { windowSpend } from "./window-spend";

/** Claims the thresholds crossed by the budgets covering `owner`; answers the alerts this call won. */
export async function claimBudgetAlerts(
  db: Db,
  owner: TurnOwner,
  at: Date = new Date(),
  onError?: (err: unknown) => void,
): Promise<BudgetAlertEvent[]> {
  const budgets = await budgetsCovering(db, owner);
  const won: BudgetAlertEvent[] = [];
  for (const b of budgets) {
    const window = b.window as BudgetWindow;
    const range = windowAt(window, at);
    const crossed = crossedThresholds(b, await windowSpend(db, b, range), parseAlertAt(b.alertAt));
    for (const c of crossed) {
      if (!(await claim(db, b.id, windowDay(range.start), c))) continue;
      won.push({
        type: c.threshold >= 1 ? "budget.exceeded" : "budget.threshold",
        budgetId: b.id,
        scope: b.scope as BudgetScope,
        scopeId: b.scopeId,
        window,
        windowStart: range.start.toISOString(),
        windowEnd: range.end.toISOString(),
        threshold: c.threshold,
        limit: c.limit,
        spent: c.spent.toString(),
        max: c.max.toString(),
        at: at.toISOString(),
      });
    }
  }
  for (const event of won) await publishBudgetAlert(event, onError);
  return won;
}

/** The claims of the run's turn (its agent, user and token as the Run row recorded them). */
export async function claimBudgetAlertsForRun(
  db: Db,
  runId: string,
  onError?: (err: unknown) => void,
): Promise<BudgetAlertEvent[]> {
  if (!(await anyBudget(db))) return [];
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { agentId: true, userId: true, apiTokenId: true },
  });
  return run ? claimBudgetAlerts(db, run, new Date(), onError) : [];
}

/** True when this call created the row (won the claim); false when it was there already. */
async function claim(
  db: Db,
  budgetId: string,
  windowStart: string,
  c: { threshold: number; limit: BudgetLimit; spent: bigint; max: bigint },
): Promise<boolean> {
  try {
    await db.budgetAlert.create({
      data: { budgetId, windowStart, threshold: String(c.threshold), limit: c.limit, spent: c.spent, max: c.max },
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  if ((err as { code?: unknown })?.code === "P2002") return true;
  const text = `${(err as Error)?.message ?? ""} ${String((err as { cause?: unknown })?.cause ?? "")}`;
  return /unique constraint|UNIQUE constraint failed|duplicate key/i.test(text);
}
