/**
 * The runs list (`GET /api/runs`, the /traces page), browser-safe: its query — filters by agent,
 * status and start time, a text search over the run's first user message and its agent's name,
 * and pages — and the row it answers.
 */
import { z } from "zod";
import { RunStatus } from "../../../events/event-types.shared";
import { RunSummary } from "../conversations/conversation-views.shared";

export const RUNS_PAGE_DEFAULT = 100;
export const RUNS_PAGE_MAX = 500;
/** The longest search text. */
export const RUN_SEARCH_MAX = 200;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the start-time range: an ISO date-time (with its offset), or a day `YYYY-MM-DD`
 * (UTC). The browser sends its user's local days as date-times.
 */
const TimeBound = z
  .string()
  .trim()
  .refine(
    (s) =>
      DAY.test(s) ? !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) : z.iso.datetime({ offset: true }).safeParse(s).success,
    {
      message: "a date (YYYY-MM-DD) or an ISO date-time",
    },
  );

/** An empty query parameter (`?q=`) reads as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

export const RunListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_DEFAULT),
    /** 1-based. */
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    agentId: optional(z.string().trim().min(1).max(200)),
    status: optional(RunStatus),
    /** Runs started at or after. */
    from: optional(TimeBound),
    /** Runs started at or before (a day: up to its end). */
    to: optional(TimeBound),
    /** Text in the run's first user message or its agent's name (case-insensitive). */
    q: optional(z.string().trim().min(1).max(RUN_SEARCH_MAX)),
    /** `include`: eval cases' runs too (docs/evals.md); left out by default. */
    experiments: optional(z.enum(["include", "exclude"])),
  })
  .refine((v) => !v.from || !v.to || startOf(v.from) <= endOf(v.to), {
    message: "'from' must not be after 'to'",
    path: ["from"],
  });
export type RunListQuery = z.infer<typeof RunListQuery>;
export type RunListQueryInput = z.input<typeof RunListQuery>;

/** The first instant a `from` bound admits. */
export function startOf(bound: string): Date {
  return new Date(DAY.test(bound) ? `${bound}T00:00:00.000Z` : bound);
}

/** The last instant a `to` bound admits (a day's last millisecond). */
export function endOf(bound: string): Date {
  return DAY.test(bound) ? new Date(Date.parse(`${bound}T00:00:00.000Z`) + 86_400_000 - 1) : new Date(bound);
}

export const RunListItem = RunSummary.extend({
  /** The agent's name now ("(deleted agent)" when it is gone). */
  agentName: z.string(),
  /** The run's first user message: a turn's message, a child run's task, a conclusion's reason. */
  prompt: z.string().nullable(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Start to finish; null while running. */
  durationMs: z.number().nonnegative().nullable(),
});
export type RunListItem = z.infer<typeof RunListItem>;

export const RunListPage = z.object({
  runs: z.array(RunListItem),
  /** Runs matching the filters, across pages. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type RunListPage = z.infer<typeof RunListPage>;
