/**
 * The audit log as the settings page reads it (`GET /api/audit`), browser-safe: its query —
 * filters by actor, action and days, and pages — and the page it answers, with the actors and
 * actions there are to filter by.
 */
import { z } from "zod";
import { AuditEntry } from "./audit-log.shared";

export const AUDIT_PAGE_DEFAULT = 200;
export const AUDIT_PAGE_MAX = 1000;
/** The `actor` filter of entries written by no one (a failed sign-in). */
export const ANONYMOUS_ACTOR = "anonymous";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TimeBound = z
  .string()
  .trim()
  .refine(
    (s) =>
      DAY.test(s) ? !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) : z.iso.datetime({ offset: true }).safeParse(s).success,
    { message: "a date (YYYY-MM-DD) or an ISO date-time" },
  );
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** The first instant a `from` bound admits; the last a `to` bound admits (a day: up to its end, UTC). */
export const auditStartOf = (b: string) => new Date(DAY.test(b) ? `${b}T00:00:00.000Z` : b);
export const auditEndOf = (b: string) =>
  DAY.test(b) ? new Date(Date.parse(`${b}T00:00:00.000Z`) + 86_400_000 - 1) : new Date(b);

export const AuditQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
    /** 1-based. */
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    /** An actor's id (a user's, or "system" for the admin token), or "anonymous". */
    actor: optional(z.string().trim().min(1).max(200)),
    /** One action (`token.create`), or every action of a kind (`token.`). */
    action: optional(
      z
        .string()
        .trim()
        .max(100)
        .regex(/^[a-z_]+(\.[a-z_]*)?$/, "an action such as token.create, or a kind such as token."),
    ),
    from: optional(TimeBound),
    to: optional(TimeBound),
  })
  .refine((v) => !v.from || !v.to || auditStartOf(v.from) <= auditEndOf(v.to), {
    message: "'from' must not be after 'to'",
    path: ["from"],
  });
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.strictObject({
  entries: z.array(AuditEntry),
  /** Entries matching the filters, across pages. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** Everyone the log names, for the actor filter (`id`: the filter's value). */
  actors: z.array(z.strictObject({ id: z.string(), label: z.string() })),
  /** Every action the log holds, for the action filter. */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof AuditPage>;
