/**
 * Conversations and runs as the API answers them (browser-safe: zod only): the conversations list,
 * one conversation with its active run, pending approvals, model, roster and runs; the runs list;
 * one run with its events. Built by lib/runs/conversation-views.ts. Dates are ISO strings; money
 * is integer nano-USD.
 */
import { z } from "zod";
import { RunError, RunKind, RunStatus, StopReason, StoredEvent } from "../../../events/event-types.shared";
import { ForkedFrom, ReplayOf } from "../branches/branch-views.shared";

/** A conversation's context values (its agent version's context schema), fixed at its start. */
export const ConversationContext = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

const Count = z.number().int().nonnegative();
const IsoDateTime = z.iso.datetime();

/** One run as stored, with its usage totals. */
export const RunView = z.strictObject({
  id: z.string(),
  conversationId: z.string(),
  agentId: z.string(),
  /** The agent version it ran (null for runs from before versions were recorded). */
  agentVersion: z.number().int().positive().nullable(),
  kind: RunKind,
  /** The run this one belongs to: a conclusion's breached turn, a child's caller. */
  parentRunId: z.string().nullable(),
  /** The user's turn this run belongs to (itself for a turn). */
  rootRunId: z.string().nullable(),
  status: RunStatus,
  stopReason: StopReason.nullable(),
  error: RunError.nullable(),
  /** The `provider:model` that answered last. */
  model: z.string().nullable(),
  requests: Count,
  toolCalls: Count,
  inputTokens: Count,
  outputTokens: Count,
  totalTokens: Count,
  /** Integer nano-USD. */
  costNanoUsd: Count,
  startedAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
});
export type RunView = z.infer<typeof RunView>;

/** One run in the runs list (the traces page), newest first. */
export const RunSummary = RunView.pick({
  id: true,
  conversationId: true,
  agentId: true,
  parentRunId: true,
  agentVersion: true,
  kind: true,
  status: true,
  stopReason: true,
  model: true,
  requests: true,
  toolCalls: true,
  totalTokens: true,
  costNanoUsd: true,
  startedAt: true,
  finishedAt: true,
});
export type RunSummary = z.infer<typeof RunSummary>;

/** `GET /api/runs/:id`: the run, its agent's name, the runs it called, and its own events in order. */
export const RunDetail = z.strictObject({
  run: RunView.extend({
    agentName: z.string(),
    childRunIds: z.array(z.string()),
  }),
  events: z.array(StoredEvent),
});
export type RunDetail = z.infer<typeof RunDetail>;

/**
 * Where a conversation stands, from its runs: `new` (nothing sent yet), `running` (a run executes),
 * `waiting` (a run waits for approval), `failed` (its last turn failed or was interrupted), `done`.
 */
export const ConversationStatus = z.enum(["new", "running", "waiting", "failed", "done"]);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

/** One conversation in the list, the most recently active first. */
export const ConversationSummary = z.strictObject({
  id: z.string(),
  /** Its first message (up to 80 characters) until someone renames it; null before the first message. */
  title: z.string().nullable(),
  agentId: z.string(),
  agentName: z.string(),
  /** The agent version its turns run. */
  agentVersion: z.number().int().positive(),
  runs: Count,
  lastRunStatus: RunStatus.nullable(),
  status: ConversationStatus,
  pendingApprovals: Count,
  /** Who started it (null: the studio's admin token or a system caller); they and admins may rename or delete it. */
  createdById: z.string().nullable(),
  createdAt: IsoDateTime,
  /** Its last activity: a message, an event, a rename. */
  updatedAt: IsoDateTime,
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

/** A held call of the conversation waiting for a decision. */
export const PendingApprovalRef = z.strictObject({ id: z.string(), toolName: z.string(), toolCallId: z.string() });
export type PendingApprovalRef = z.infer<typeof PendingApprovalRef>;

/** `GET /api/conversations/:id` (and the answer of its creation). */
export const ConversationDetail = z.strictObject({
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  /** The agent version every turn of it runs (moved only on purpose: POST …/agent-version). */
  agentVersion: z.number().int().positive(),
  /** The agent's latest version (newer than `agentVersion` when it has moved on). */
  latestVersion: z.number().int().positive(),
  title: z.string().nullable(),
  /** Who started it (null: the studio's admin token or a system caller); they and admins may rename or delete it. */
  createdById: z.string().nullable(),
  /** Its context values, fixed at its start (`{}`: none; lib/agents/README.md, "Conversation context"). */
  context: ConversationContext,
  /** The newest event's seq (0 before the first). */
  lastSeq: Count,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** The newest run still running or waiting for approval. */
  activeRun: z.strictObject({ id: z.string(), status: RunStatus.extract(["running", "suspended"]) }).nullable(),
  pendingApprovals: z.array(PendingApprovalRef),
  /**
   * The model this conversation's runs use (`provider:model`: its own switch, else the agent's
   * active model) and the agent's roster keys ([] without a roster).
   */
  model: z.string(),
  roster: z.array(z.string()),
  /** Its runs, oldest first. */
  runs: z.array(RunView),
  /** A fork: the conversation and seq its log was copied from (docs/time-travel.md); else null. */
  forkedFrom: ForkedFrom.nullable(),
  /** A replay: the conversation whose user messages it re-sends, how, and how far it got; else null. */
  replayOf: ReplayOf.nullable(),
});
export type ConversationDetail = z.infer<typeof ConversationDetail>;
