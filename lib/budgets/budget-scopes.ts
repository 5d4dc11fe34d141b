/**
 * Which budgets cover a turn (the workspace's, its agent's, its user's, its API token's), and the
 * names budgets show for their scope (agent, user and token by name).
 */
import type { Db } from "../db/client";
import type { BudgetScopeChoices } from "./budget-views.shared";

export interface TurnOwner {
  agentId: string;
  userId?: string | null;
  apiTokenId?: string | null;
}

export type BudgetRow = Awaited<ReturnType<Db["budget"]["findMany"]>>[number];

/**
 * The budgets a turn of `owner` spends against, oldest first. Every turn asks, and most
 * workspaces have no budget covering it: the ids come from one raw statement (a model query
 * through Prisma costs several times its CPU, docs/run-path-performance.md), the rows only when
 * there are some.
 */
export async function budgetsCovering(db: Db, owner: TurnOwner): Promise<BudgetRow[]> {
  const ids = await db.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "Budget"
    WHERE "scope" = 'workspace'
       OR ("scope" = 'agent' AND "scopeId" = ${owner.agentId})
       OR ("scope" = 'user' AND "scopeId" = ${owner.userId ?? null})
       OR ("scope" = 'apiToken' AND "scopeId" = ${owner.apiTokenId ?? null})`;
  if (ids.length === 0) return [];
  return db.budget.findMany({
    where: { id: { in: ids.map((r) => r.id) } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** Whether the workspace has any budget (one raw statement: asked after every job). */
export async function anyBudget(db: Db): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`SELECT 1 AS "one" FROM "Budget" LIMIT 1`;
  return rows.length > 0;
}

/** Each budget's scope name by budget id (null: the workspace, or an agent/user/token since deleted). */
export async function scopeNames(
  db: Db,
  budgets: ReadonlyArray<{ id: string; scope: string; scopeId: string | null }>,
): Promise<Map<string, string | null>> {
  const ids = (scope: string) => [
    ...new Set(budgets.filter((b) => b.scope === scope && b.scopeId).map((b) => b.scopeId!)),
  ];
  const [agents, users, tokens] = await Promise.all([
    ids("agent").length
      ? db.agent.findMany({ where: { id: { in: ids("agent") } }, select: { id: true, name: true } })
      : [],
    ids("user").length
      ? db.user.findMany({ where: { id: { in: ids("user") } }, select: { id: true, name: true } })
      : [],
    ids("apiToken").length
      ? db.apiToken.findMany({ where: { id: { in: ids("apiToken") } }, select: { id: true, name: true } })
      : [],
  ]);
  const byScope: Record<string, Map<string, string>> = {
    agent: new Map(agents.map((a) => [a.id, a.name])),
    user: new Map(users.map((u) => [u.id, u.name])),
    apiToken: new Map(tokens.map((t) => [t.id, t.name])),
  };
  return new Map(budgets.map((b) => [b.id, b.scopeId ? (byScope[b.scope]?.get(b.scopeId) ?? null) : null]));
}

/** "Agent 'atlas'", "User 'Ada'", "API token 'ci'", "The workspace". */
export function scopeLabel(scope: string, name: string | null, scopeId: string | null): string {
  const shown = `'${name ?? scopeId ?? "?"}'`;
  if (scope === "agent") return `Agent ${shown}`;
  if (scope === "user") return `User ${shown}`;
  if (scope === "apiToken") return `API token ${shown}`;
  return "The workspace";
}

/** What a budget may name: agents, users and API tokens (revoked ones flagged), by name. */
export async function budgetScopeChoices(db: Db): Promise<BudgetScopeChoices> {
  const [agents, users, tokens] = await Promise.all([
    db.agent.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.user.findMany({ select: { id: true, name: true, email: true }, orderBy: { name: "asc" } }),
    db.apiToken.findMany({
      select: { id: true, name: true, hint: true, revokedAt: true, user: { select: { name: true } } },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return {
    agents,
    users,
    tokens: tokens.map((t) => ({ id: t.id, name: t.name, owner: t.user.name, hint: t.hint, revoked: !!t.revokedAt })),
  };
}
