/**
 * The verdict of one expectation on one observed outcome (./verdicts/evaluate-expectations.ts):
 * whether it passed and a reason a person can read ("answer does not contain 'Paris'"). A judge
 * expectation is `pending` (passed null) until an experiment asks the judge model. Browser-safe.
 */
import { z } from "zod";
import { EXPECTATION_KINDS } from "./dataset.shared";

export const Verdict = z.object({
  kind: z.enum(EXPECTATION_KINDS),
  /** null only while pending (a judge not asked yet). */
  passed: z.boolean().nullable(),
  reason: z.string(),
  pending: z.literal(true).optional(),
});
export type Verdict = z.infer<typeof Verdict>;
