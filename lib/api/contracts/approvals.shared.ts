/**
 * The approvals HTTP API (docs/http-contract.md): the inbox's lists and pending count, deciding a
 * held call, and reconciling a call whose outcome is unknown.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import {
  ApprovalDecision,
  ApprovalFilter,
  ApprovalOutcome,
  ApprovalView,
} from "../../runs/read-models/approvals/list-approvals.shared";
import { MarkedApproval } from "../../mcp/destructive-approvals.shared";

/**
 * How a call that ran ended (each approval's `outcome`): `{ok: true}`, or `{ok: false, errorType,
 * message}` — an approved call that failed stays `done`, and its outcome says it failed.
 */
export { ApprovalOutcome };

const ApprovalParams = z.object({ id: z.string().min(1) });

export const approvalsApi = {
  /**
   * Pending (and outcome_unknown) calls oldest first, or the decided history newest first; held
   * calls of imported MCP tools their server marks destructive carry `destructive: true`; every
   * approval carries its `outcome` (ApprovalOutcome) once it ran.
   */
  list: endpoint({
    method: "GET",
    path: "/api/approvals",
    query: z.object({
      status: ApprovalFilter.default("pending"),
      /** How many approvals to list; 0 answers only the pending count (the navigation badge). */
      limit: z.coerce.number().int().min(0).max(200).default(200),
    }),
    response: z.object({
      status: ApprovalFilter,
      approvals: z.array(MarkedApproval),
      pendingCount: z.number().int().nonnegative(),
    }),
  }),
  /**
   * Decides a held call once (approvers and admins), bound to the arguments the person saw:
   * 409 ApprovalMismatch when the hash is not the approval's, 409 ApprovalDecided when it was
   * already decided otherwise. The run resumes in the background once its last call is decided.
   */
  decide: endpoint({
    method: "POST",
    path: "/api/approvals/:id/decision",
    params: ApprovalParams,
    body: z
      .object({
        decision: z.enum(ApprovalDecision.options, { error: 'decision is "approve" or "deny"' }),
        reason: z.string().trim().max(2000).nullable().optional(),
        argumentsHash: z
          .string()
          .trim()
          .regex(/^[0-9a-f]{64}$/, "argumentsHash is the SHA-256 (64 hex characters) of the arguments you saw"),
      })
      .strict(),
    response: ApprovalView,
  }),
  /** Resolves a call whose outcome is unknown: mark it done with its result, or retry it once, deliberately. */
  reconcile: endpoint({
    method: "POST",
    path: "/api/approvals/:id/reconcile",
    params: ApprovalParams,
    body: z.discriminatedUnion("action", [
      z.object({ action: z.literal("done"), result: z.unknown().optional() }).strict(),
      z.object({ action: z.literal("retry") }).strict(),
    ]),
    response: ApprovalView,
  }),
};
