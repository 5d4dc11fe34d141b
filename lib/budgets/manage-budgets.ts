/**
 * Creating, changing and deleting budgets (admin; the routes check the role): the scope must name
 * an agent, user or API token that exists; each change is audited (`budget.create`,
 * `budget.update`, `budget.delete`) with the budget as it became.
 */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { BadRequestError, NotFoundError } from "../errors";
import { BudgetInput, scopeNoun } from "./budget-views.shared";
import type { z } from "zod";

type Input = z.output<typeof BudgetInput>;

/** Throws 400 (field `scopeId`) when the scope names nothing that exists. */
async function assertScopeExists(db: Db, input: Input): Promise<void> {
  if (input.scope === "workspace") return;
  const id = input.scopeId!;
  const found =
    input.scope === "agent"
      ? await db.agent.findUnique({ where: { id }, select: { id: true } })
      : input.scope === "user"
        ? await db.user.findUnique({ where: { id }, select: { id: true } })
        : await db.apiToken.findUnique({ where: { id }, select: { id: true } });
  if (!found)
    throw new BadRequestError(`No ${scopeNoun(input.scope)} with id '${id}': a budget must name one that exists.`, {
      field: "scopeId",
    });
}

function columns(input: Input) {
  return {
    scope: input.scope,
    scopeId: input.scope === "workspace" ? null : input.scopeId!,
    window: input.window,
    maxCostNanoUsd: input.maxCostNanoUsd == null ? null : BigInt(input.maxCostNanoUsd),
    maxTotalTokens: input.maxTotalTokens == null ? null : BigInt(input.maxTotalTokens),
    alertAt: JSON.stringify(input.alertAt),
  };
}

function audited(data: ReturnType<typeof columns>) {
  return {
    ...data,
    maxCostNanoUsd: data.maxCostNanoUsd === null ? null : Number(data.maxCostNanoUsd),
    maxTotalTokens: data.maxTotalTokens === null ? null : Number(data.maxTotalTokens),
    alertAt: JSON.parse(data.alertAt) as number[],
  };
}

export async function createBudget(db: Db, actor: Principal, input: Input): Promise<{ id: string }> {
  await assertScopeExists(db, input);
  const data = columns(input);
  const row = await db.budget.create({ data: { ...data, createdById: actor.id }, select: { id: true } });
  await recordAudit(db, { actor, action: "budget.create", target: row.id, details: audited(data) });
  return row;
}

export async function updateBudget(db: Db, actor: Principal, id: string, input: Input): Promise<void> {
  if (!(await db.budget.findUnique({ where: { id }, select: { id: true } })))
    throw new NotFoundError(`No budget with id '${id}'.`);
  await assertScopeExists(db, input);
  const data = columns(input);
  await db.budget.update({ where: { id }, data });
  await recordAudit(db, { actor, action: "budget.update", target: id, details: audited(data) });
}

export async function deleteBudget(db: Db, actor: Principal, id: string): Promise<void> {
  const row = await db.budget.findUnique({ where: { id } });
  if (!row) throw new NotFoundError(`No budget with id '${id}'.`);
  await db.budget.delete({ where: { id } });
  await recordAudit(db, {
    actor,
    action: "budget.delete",
    target: id,
    details: { scope: row.scope, scopeId: row.scopeId, window: row.window },
  });
}
