/**
 * The budget check before a turn starts (docs/budgets.md): every budget covering the turn — the
 * workspace's, its agent's, its user's, its API token's — against the exact sums of stored usage
 * in the budget's current window. A spent budget refuses the turn with 402 `BudgetExceeded`
 * before anything is appended; the use cases call this beside their other refusals (messages,
 * commands, `ask_<agent>`; replays and experiment cases call it too). Child, conclusion and
 * resumed runs are never checked: they finish the turn that was admitted.
 *
 * The race, by design: the check reads stored usage, so turns already admitted — running
 * concurrently — finish and may take the spend past the max; no turn starts after the stored
 * spend has reached it. With no budget, the check is one indexed query.
 */
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { formatNanoUsd } from "../events/money.shared";
import { exceededLimit, type Exceeded } from "./budget-status";
import { budgetsCovering, scopeLabel, scopeNames, type BudgetRow, type TurnOwner } from "./budget-scopes";
import type { BudgetWindow } from "./budget-views.shared";
import { WINDOW_ADJECTIVE, windowAt, type WindowRange } from "./budget-window";
import { windowSpend } from "./window-spend";

export class BudgetExceededError extends AppError {
  static override readonly kind: string = "BudgetExceededError";
  constructor(message: string, details: Record<string, unknown>) {
    super("BudgetExceeded", message, details);
  }
}

export interface BudgetCheckInput extends TurnOwner {
  /** When the turn starts (its window). */
  at?: Date;
}

/** Throws BudgetExceededError when a budget covering this turn is spent in its current window. */
export async function assertWithinBudgets(db: Db, input: BudgetCheckInput): Promise<void> {
  const budgets = await budgetsCovering(db, input);
  if (budgets.length === 0) return;
  const at = input.at ?? new Date();
  // Each budget's spend, read concurrently; the first spent budget (oldest first) refuses.
  const spends = await Promise.all(
    budgets.map(async (b) => {
      const range = windowAt(b.window as BudgetWindow, at);
      return { range, spend: await windowSpend(db, b, range) };
    }),
  );
  for (let i = 0; i < budgets.length; i++) {
    const b = budgets[i];
    const over = exceededLimit(b, spends[i].spend);
    if (over) throw await budgetExceeded(db, b, over, spends[i].range, spends[i].spend.unpricedEvents);
  }
}

async function budgetExceeded(
  db: Db,
  b: BudgetRow,
  over: Exceeded,
  range: WindowRange,
  unpricedEvents: number,
): Promise<BudgetExceededError> {
  const name = (await scopeNames(db, [b])).get(b.id) ?? null;
  const window = b.window as BudgetWindow;
  const amount =
    over.limit === "cost"
      ? `${formatNanoUsd(Number(over.spent))} of ${formatNanoUsd(Number(over.max))}`
      : `${Number(over.spent).toLocaleString("en-US")} of ${Number(over.max).toLocaleString("en-US")} tokens`;
  const resets = `${range.end.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const unpriced =
    over.limit === "cost" && unpricedEvents > 0
      ? ` (${unpricedEvents} unpriced model request${unpricedEvents === 1 ? "" : "s"} not counted in the cost)`
      : "";
  return new BudgetExceededError(
    `${scopeLabel(b.scope, name, b.scopeId)} has spent its ${WINDOW_ADJECTIVE[window]} budget: ${amount}${unpriced}. New turns are refused until ${resets}.`,
    {
      budgetId: b.id,
      scope: b.scope,
      scopeId: b.scopeId,
      window,
      limit: over.limit,
      spent: Number(over.spent),
      max: Number(over.max),
      windowStart: range.start.toISOString(),
      windowEnd: range.end.toISOString(),
      ...(over.limit === "cost" ? { unpricedEvents } : {}),
    },
  );
}
