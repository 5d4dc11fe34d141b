/**
 * What a run does when it breaches a run-tier limit (lib/agents/README.md, Rules):
 * `conclude` (default) drives one tool-free conclusion run with a reason as its prompt; `raise`
 * surfaces the breach as RunUsageLimitError.
 */
import { z } from "zod";

/** The one prompt of a conclusion run when no custom reason is set — for every kind of breach. */
export const DEFAULT_CONCLUSION_REASON =
  "The budget for this turn is spent, so no further tool call is possible. Answer the user now with what you already have, and say what is still missing.";

export const LimitRecovery = z
  .object({
    policy: z.enum(["conclude", "raise"]).default("conclude"),
    /** A custom conclusion prompt; null = DEFAULT_CONCLUSION_REASON. */
    reason: z
      .string()
      .trim()
      .max(4000)
      .nullable()
      .default(null)
      .transform((r) => (r === "" ? null : r)),
  })
  .strict();
export type LimitRecovery = z.infer<typeof LimitRecovery>;

export function conclusionReason(recovery: LimitRecovery): string {
  return recovery.reason ?? DEFAULT_CONCLUSION_REASON;
}
