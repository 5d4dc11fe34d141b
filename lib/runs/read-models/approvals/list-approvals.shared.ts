/**
 * An approval as the API answers it (browser-safe): the held call with its frozen arguments, its
 * status and decision, and — in the inbox — the agent that asked. The shape of the Approval row
 * (prisma/schema.prisma); `lib/runs/read-models/approvals/approval-view.ts` and `list-approvals.ts` build it.
 */
import { z } from "zod";

/** pending → approved → executing → done; or denied; or outcome_unknown (a crash mid-call). */
export const ApprovalStatus = z.enum(["pending", "approved", "executing", "done", "denied", "outcome_unknown"]);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

export const ApprovalDecision = z.enum(["approve", "deny"]);
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

/** The inbox's tabs: pending (and outcome_unknown) calls, or the decided history. */
export const ApprovalFilter = z.enum(["pending", "decided"]);
export type ApprovalFilter = z.infer<typeof ApprovalFilter>;

/**
 * What an approved call will run, recorded when the call is held (`Approval.target`,
 * `ApprovalRequested.target`): a saved tool's version, an MCP server's tool with the SHA-256 of the
 * canonical JSON of its discovered input schema, or an agent called as a tool. When the run
 * resumes (or a reconciliation retries the call) and the agent's tool of that name no longer has
 * this target, the call is answered `ApprovalStale` and nothing runs. Null for the built-in
 * `memory` tool and for approvals written before targets were recorded.
 */
export const ApprovalTarget = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("tool"), toolId: z.string(), toolVersion: z.number().int().positive() }),
  z.object({ kind: z.literal("mcp"), serverId: z.string(), tool: z.string(), schemaHash: z.string() }),
  z.object({ kind: z.literal("agent"), agentId: z.string(), agentVersion: z.number().int().positive().optional() }),
]);
export type ApprovalTarget = z.infer<typeof ApprovalTarget>;

/**
 * How a call that ran ended, read from its `result`: it returned, or it failed with an error type
 * and message. An approved call that then fails keeps the status `done` (the decision was carried
 * out); its outcome says it failed. Null while the call has not run (and for a denied call).
 */
export const ApprovalOutcome = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), errorType: z.string(), message: z.string() }),
]);
export type ApprovalOutcome = z.infer<typeof ApprovalOutcome>;

/** One held call as the decision and reconcile routes answer it. */
export const ApprovalView = z.object({
  id: z.string(),
  conversationId: z.string(),
  runId: z.string(),
  toolCallId: z.string(),
  toolName: z.string(),
  /** The frozen arguments exactly as the model sent them (any JSON). */
  arguments: z.unknown(),
  /** SHA-256 (hex) of the canonical JSON of `arguments`; a decision must name it. */
  argumentsHash: z.string(),
  /** What will run once approved; null for `memory` and for approvals older than targets. */
  target: ApprovalTarget.nullable(),
  status: ApprovalStatus,
  decision: ApprovalDecision.nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** What the call left once it ran (`{ok, result | error, ...}`), or null. */
  result: z.unknown(),
  /** `result` read as an outcome: returned, or failed with `errorType: message`; null before it ran. */
  outcome: ApprovalOutcome.nullable(),
  createdAt: z.iso.datetime(),
});
export type ApprovalView = z.infer<typeof ApprovalView>;

/** One held call in the inbox: the approval and the agent that asked (and its caller, for a child). */
export const ApprovalSummary = ApprovalView.extend({
  agentId: z.string(),
  agentName: z.string(),
  /** When the asking agent ran as another agent's tool: the agent that called it (and waits on it). */
  caller: z.object({ agentId: z.string(), agentName: z.string() }).nullable(),
});
export type ApprovalSummary = z.infer<typeof ApprovalSummary>;
