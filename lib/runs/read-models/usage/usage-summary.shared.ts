/**
 * The usage summary's query and answer (GET /api/usage/summary), browser-safe: what the costs
 * dashboard asks for and what it receives. The sums are built in summarize-usage.ts.
 */
import { z } from "zod";
import { RunKind, RunStatus } from "../../../events/event-types.shared";
import { Pricing, UsageCounters } from "../../../events/usage-counters.shared";

/** `agentVersion` compares one agent's versions: only with `agentId`. */
export const UsageGroupBy = z.enum(["model", "agent", "run", "day", "agentVersion"]);
export type UsageGroupBy = z.infer<typeof UsageGroupBy>;

/** What each row is split by (the cost chart's stacks): not for `run`. */
export const UsageStackBy = z.enum(["model", "agent"]);
export type UsageStackBy = z.infer<typeof UsageStackBy>;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: "must be an ISO date or date-time" });

/** The period as a half-open [from, to) interval. */
export function periodOf(q: { from?: string; to?: string }): { from: Date | null; to: Date | null } {
  const from = q.from ? new Date(DATE_ONLY.test(q.from) ? `${q.from}T00:00:00Z` : q.from) : null;
  let to: Date | null = null;
  if (q.to)
    to = DATE_ONLY.test(q.to) ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(q.to) + 1);
  return { from, to };
}

export const UsageSummaryQuery = z
  .object({
    groupBy: UsageGroupBy.default("model"),
    /** Inclusive. A date (`2026-11-01`) starts at its UTC midnight. */
    from: isoDate.optional(),
    /** Inclusive. A date includes that whole UTC day. */
    to: isoDate.optional(),
    agentId: z.string().min(1).max(200).optional(),
    /** `provider:model` of the entry that answered. */
    model: z
      .string()
      .max(300)
      .regex(/^[^:]+:.+$/, { message: "must be provider:model" })
      .optional(),
    stack: UsageStackBy.optional(),
    /** `run`: how many turns to list before the remainder row. */
    limit: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .refine((q) => !q.from || !q.to || periodOf(q).from! < periodOf(q).to!, {
    message: "from must not be after to",
    path: ["from"],
  })
  .refine((q) => !(q.stack && q.groupBy === "run"), { message: "stack is not available by run", path: ["stack"] })
  .refine((q) => q.groupBy !== "agentVersion" || q.agentId, {
    message: "groupBy=agentVersion compares the versions of one agent: name it with agentId",
    path: ["agentId"],
  });
export type UsageSummaryQuery = z.input<typeof UsageSummaryQuery>;

// Whether a cost covers all, some or none of the usage: one definition, with the usage counters.
export { Pricing };

const Count = z.number().int().nonnegative();

/**
 * The summary's totals: the usage counters' tokens and cost (UsageCounters), with requests counted
 * as usage events (`events`, `unpricedEvents`: the names the API answers with).
 */
export const UsageTotals = UsageCounters.pick({
  inputTokens: true,
  outputTokens: true,
  cacheReadTokens: true,
  cacheWriteTokens: true,
  totalTokens: true,
  costNanoUsd: true,
  unpricedTokens: true,
}).extend({
  /** Model requests (usage events). */
  events: Count,
  unpricedEvents: Count,
  /** Whether `costNanoUsd` covers all, some or none of the usage. */
  pricing: Pricing,
  /**
   * The names of the custom price entries with a name that priced part of this cost (e.g. "demo
   * price — not real money"): shown beside the figure. Absent when none did (docs/prices.md).
   */
  priceNames: z.array(z.string()).optional(),
});
export type UsageTotals = z.infer<typeof UsageTotals>;

/** A run as the by-run breakdown names it. */
export const UsageRunInfo = z.object({
  id: z.string(),
  kind: RunKind,
  parentRunId: z.string().nullable(),
  depth: z.number().int().nonnegative(),
  agentId: z.string(),
  agentName: z.string(),
  status: RunStatus,
  model: z.string().nullable(),
  startedAt: z.iso.datetime(),
  conversationId: z.string(),
  conversationTitle: z.string().nullable(),
  /** The user's message that started the turn (turns only; truncated). */
  prompt: z.string().nullable(),
});
export type UsageRunInfo = z.infer<typeof UsageRunInfo>;

export const UsageRow = UsageTotals.extend({
  key: z.string(),
  label: z.string(),
  /** The row split by model or agent (`stack`); adds up to the row. */
  get stack() {
    return z.array(UsageRow).optional();
  },
  /** `run`: the run (null for "(outside runs)", the remainder and runs no longer stored). */
  run: UsageRunInfo.nullable().optional(),
  /** `run`: the turn's runs — the turn itself, its conclusion, its child runs — adding up to the row. */
  get runs() {
    return z.array(UsageRow).optional();
  },
  /** `agentVersion`: the runs of that version with usage in the period (usage outside runs is in no run). */
  runCount: Count.optional(),
  /** `run`: the last usage of the turn in the period. */
  lastAt: z.iso.datetime().optional(),
  /** The remainder row of `run`: the turns not listed. */
  remainder: z.literal(true).optional(),
});
export type UsageRow = z.infer<typeof UsageRow>;

export const UsageSummary = z.object({
  groupBy: UsageGroupBy,
  /** The period as applied: `from` inclusive, `to` exclusive; null when open. */
  period: z.object({ from: z.iso.datetime().nullable(), to: z.iso.datetime().nullable() }),
  filters: z.object({ agentId: z.string().nullable(), model: z.string().nullable() }),
  stack: UsageStackBy.nullable(),
  rows: z.array(UsageRow),
  total: UsageTotals,
});
export type UsageSummary = z.infer<typeof UsageSummary>;
