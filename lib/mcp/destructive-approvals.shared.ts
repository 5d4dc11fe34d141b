/** An inbox entry as the approvals list answers it (browser-safe): the held call, marked destructive or not. */
import { z } from "zod";
import { ApprovalSummary } from "../runs/read-models/approvals/list-approvals.shared";

export const MarkedApproval = ApprovalSummary.extend({
  /** The held tool is an imported MCP tool whose server marks it destructive (`destructiveHint: true`). */
  destructive: z.boolean(),
});
export type MarkedApproval = z.infer<typeof MarkedApproval>;
