/**
 * The conversations list's query and page (GET /api/conversations), browser-safe: filters by agent,
 * status and last activity, a text search over titles and agent names, and pages. Built by
 * conversation-list.ts.
 */
import { z } from "zod";
import { periodOf } from "../usage/usage-summary.shared";
import { ConversationStatus, ConversationSummary } from "./conversation-views.shared";

export const CONVERSATIONS_PAGE_DEFAULT = 25;
export const CONVERSATIONS_PAGE_MAX = 100;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DATE_ONLY, { message: "must be a date (YYYY-MM-DD)" })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { message: "must be a real date" });

export const ConversationListQuery = z
  .object({
    /** Only this agent's conversations. */
    agentId: z.string().trim().min(1).max(200).optional(),
    status: ConversationStatus.optional(),
    /** Words its title (or, before the first message, its agent's name) contains, in any case. */
    q: z.string().trim().max(200, "Search for at most 200 characters").optional(),
    /** Last active on or after this UTC date. */
    from: day.optional(),
    /** Last active on or before this UTC date (the whole day). */
    to: day.optional(),
    /** `include`: eval cases' conversations too (docs/evals.md); left out by default. */
    experiments: z.enum(["include", "exclude"], { error: "experiments is include or exclude" }).optional(),
    page: z.coerce.number().int().min(1, "page starts at 1").default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1, `pageSize is 1 to ${CONVERSATIONS_PAGE_MAX}`)
      .max(CONVERSATIONS_PAGE_MAX, `pageSize is 1 to ${CONVERSATIONS_PAGE_MAX}`)
      .default(CONVERSATIONS_PAGE_DEFAULT),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type ConversationListQuery = z.input<typeof ConversationListQuery>;
export type ConversationListFilter = z.output<typeof ConversationListQuery>;

/** The [from, to) instants of a list query's days. */
export function activityPeriod(q: { from?: string; to?: string }): { from: Date | null; to: Date | null } {
  return periodOf(q);
}

export const ConversationPage = z.strictObject({
  conversations: z.array(ConversationSummary),
  /** How many conversations match the filters (on every page). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ConversationPage = z.infer<typeof ConversationPage>;
