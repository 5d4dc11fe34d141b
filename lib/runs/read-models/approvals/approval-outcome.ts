/**
 * An approval's `result` column read as its outcome (`ApprovalOutcome`): what a finished call left
 * is `{ok: true, result}` or `{ok: false, error: {type, message}}` (resume-run.ts,
 * reconcile-approval.ts); anything else that was recorded counts as returned.
 */
import type { ApprovalOutcome } from "./list-approvals.shared";

export function approvalOutcome(result: unknown): ApprovalOutcome | null {
  if (result === null || result === undefined) return null;
  if (typeof result !== "object" || Array.isArray(result) || (result as { ok?: unknown }).ok !== false)
    return { ok: true };
  const error = (result as { error?: unknown }).error;
  const fields = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  return {
    ok: false,
    errorType: typeof fields.type === "string" && fields.type ? fields.type : "Error",
    message:
      typeof fields.message === "string"
        ? fields.message
        : typeof error === "string"
          ? error
          : "the call failed without a message",
  };
}
