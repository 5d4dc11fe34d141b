/**
 * Budgets' wire shapes (browser-safe: zod only): what an admin sends, what the list answers with
 * each budget's use of its current window, and the alerts a banner shows (docs/budgets.md).
 * Money is integer nano-USD (1 USD = 1e9) as a JSON number, like every other cost field; a limit
 * is at most Number.MAX_SAFE_INTEGER so it stays exact.
 */
import { z } from "zod";

export const BudgetScope = z.enum(["workspace", "agent", "user", "apiToken"]);
export type BudgetScope = z.infer<typeof BudgetScope>;

/** Calendar windows in UTC: a day, the ISO week (from Monday 00:00), a month. */
export const BudgetWindow = z.enum(["day", "week", "month"]);
export type BudgetWindow = z.infer<typeof BudgetWindow>;

export const BudgetLimit = z.enum(["cost", "tokens"]);
export type BudgetLimit = z.infer<typeof BudgetLimit>;

export const DEFAULT_ALERT_AT = [0.5, 0.8, 1];

const Max = (what: string) =>
  z
    .number({ message: `${what}: a whole number` })
    .int({ message: `${what}: a whole number` })
    .positive({ message: `${what}: more than zero` })
    .max(Number.MAX_SAFE_INTEGER, { message: `${what}: too large` });

export const AlertAt = z
  .array(
    z
      .number({ message: "a fraction of the limit" })
      .gt(0, { message: "each threshold is more than 0" })
      .lte(1, { message: "each threshold is at most 1 (100%)" }),
  )
  .max(10, { message: "at most 10 thresholds" })
  .refine((a) => a.every((v, i) => i === 0 || v > a[i - 1]), {
    message: "thresholds in increasing order, each once",
  });

export const BudgetInput = z
  .strictObject({
    scope: BudgetScope,
    /** The agent, user or API token; absent (or null) for the workspace. */
    scopeId: z.string().trim().min(1).nullish(),
    window: BudgetWindow,
    maxCostNanoUsd: Max("maxCostNanoUsd").nullish(),
    maxTotalTokens: Max("maxTotalTokens").nullish(),
    alertAt: AlertAt.default(DEFAULT_ALERT_AT),
  })
  .superRefine((b, ctx) => {
    if (b.maxCostNanoUsd == null && b.maxTotalTokens == null)
      ctx.addIssue({
        code: "custom",
        path: ["maxCostNanoUsd"],
        message: "set a cost limit, a token limit or both",
      });
    if (b.scope !== "workspace" && !b.scopeId)
      ctx.addIssue({
        code: "custom",
        path: ["scopeId"],
        message: `a ${scopeNoun(b.scope)} budget names its ${scopeNoun(b.scope)}`,
      });
    if (b.scope === "workspace" && b.scopeId)
      ctx.addIssue({ code: "custom", path: ["scopeId"], message: "a workspace budget names no scopeId" });
  });
export type BudgetInput = z.input<typeof BudgetInput>;

export function scopeNoun(scope: BudgetScope): string {
  return scope === "apiToken" ? "API token" : scope;
}

export const AlertFired = z.strictObject({
  threshold: z.number(),
  limit: BudgetLimit,
  spent: z.number(),
  max: z.number(),
  createdAt: z.string(),
});
export type AlertFired = z.infer<typeof AlertFired>;

/** A budget's use of its current window. */
export const BudgetUsage = z.strictObject({
  windowStart: z.string(),
  windowEnd: z.string(),
  spentCostNanoUsd: z.number(),
  spentTokens: z.number(),
  /** Usage events in the window with no price: counted in `spentTokens`, not in the cost. */
  unpricedEvents: z.number(),
  /** The thresholds crossed in this window, lowest first. */
  alertsFired: z.array(AlertFired),
  /** The limit that refuses new turns now (cost first), or null. */
  exceeded: BudgetLimit.nullable(),
});
export type BudgetUsage = z.infer<typeof BudgetUsage>;

export const BudgetView = z.strictObject({
  id: z.string(),
  scope: BudgetScope,
  scopeId: z.string().nullable(),
  /** The agent's, user's or token's name; null for the workspace, or when it is gone. */
  scopeName: z.string().nullable(),
  window: BudgetWindow,
  maxCostNanoUsd: z.number().nullable(),
  maxTotalTokens: z.number().nullable(),
  alertAt: z.array(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
  usage: BudgetUsage,
});
export type BudgetView = z.infer<typeof BudgetView>;

/** The highest threshold a budget crossed in its current window: what a banner says. */
export const BudgetAlertView = z.strictObject({
  budgetId: z.string(),
  scope: BudgetScope,
  scopeId: z.string().nullable(),
  scopeName: z.string().nullable(),
  window: BudgetWindow,
  windowStart: z.string(),
  windowEnd: z.string(),
  threshold: z.number(),
  limit: BudgetLimit,
  spent: z.number(),
  max: z.number(),
  /** New turns are refused until `windowEnd`. */
  exceeded: z.boolean(),
  createdAt: z.string(),
});
export type BudgetAlertView = z.infer<typeof BudgetAlertView>;

/** The agents, users and API tokens a budget may name (the settings form's choices). */
export const BudgetScopeChoices = z.strictObject({
  agents: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  users: z.array(z.strictObject({ id: z.string(), name: z.string(), email: z.string() })),
  tokens: z.array(
    z.strictObject({ id: z.string(), name: z.string(), owner: z.string(), hint: z.string(), revoked: z.boolean() }),
  ),
});
export type BudgetScopeChoices = z.infer<typeof BudgetScopeChoices>;
