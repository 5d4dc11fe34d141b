/**
 * Time travel's wire shapes (browser-safe: zod only; docs/time-travel.md): where a fork or replay
 * came from, the branches of a conversation, and two conversations compared turn by turn. Money is
 * integer nano-USD; dates are ISO strings.
 */
import { z } from "zod";
import { Pricing } from "../../../events/usage-counters.shared";

const Count = z.number().int().nonnegative();

/** A fork's origin: the conversation its log was copied from, up to and including event `seq`. */
export const ForkedFrom = z.strictObject({ conversationId: z.string(), seq: Count });
export type ForkedFrom = z.infer<typeof ForkedFrom>;

/** How a replay answers tool calls: from the original's record, or pure calls live when unmatched. */
export const ReplayToolResults = z.enum(["recorded", "live-pure"]);
export type ReplayToolResults = z.infer<typeof ReplayToolResults>;

export const ReplayStatus = z.enum(["queued", "running", "completed", "failed"]);
export type ReplayStatus = z.infer<typeof ReplayStatus>;

/** A replay's origin: the conversation whose user messages it re-sends. */
export const ReplayOf = z.strictObject({
  conversationId: z.string(),
  toolResults: ReplayToolResults,
  status: ReplayStatus,
});
export type ReplayOf = z.infer<typeof ReplayOf>;

/** A conversation made from this one: a fork (at `seq`) or a replay (`seq` null). */
export const BranchView = z.strictObject({
  id: z.string(),
  kind: z.enum(["fork", "replay"]),
  title: z.string().nullable(),
  seq: Count.nullable(),
  agentVersion: z.number().int().positive(),
  modelKey: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type BranchView = z.infer<typeof BranchView>;

/** A conversation's place in its family: its origin (when it has one) and what was made from it. */
export const ConversationBranches = z.strictObject({
  forkedFrom: ForkedFrom.nullable(),
  replayOf: ReplayOf.nullable(),
  branches: z.array(BranchView),
});
export type ConversationBranches = z.infer<typeof ConversationBranches>;

/** One tool call of a turn (every depth), in the order it was made. */
export const CompareToolCall = z.strictObject({
  name: z.string(),
  arguments: z.unknown(),
  /** The tool's result as recorded (null when it never returned). */
  result: z.unknown(),
  isError: z.boolean(),
  /** The result came from the original's record (`ToolReturnEvent.replayed`). */
  replayed: z.boolean(),
});
export type CompareToolCall = z.infer<typeof CompareToolCall>;

/** One side of a turn: what the user sent, the final answer, its calls and what it cost. */
export const CompareSide = z.strictObject({
  userMessage: z.string().nullable(),
  answer: z.string().nullable(),
  toolCalls: z.array(CompareToolCall),
  tokens: Count,
  costNanoUsd: Count,
  /** Whether the cost covers all, some or none of its model requests (unpriced models: never a silent $0). */
  pricing: Pricing,
  /** From the turn's RunStarted to its last RunFinished (null while it runs). */
  latencyMs: Count.nullable(),
});
export type CompareSide = z.infer<typeof CompareSide>;

export const CompareTurn = z.strictObject({
  index: Count,
  left: CompareSide.nullable(),
  right: CompareSide.nullable(),
  /** Both sides took the same path here: same answer, same calls (names and canonical-JSON arguments). */
  identical: z.boolean(),
});
export type CompareTurn = z.infer<typeof CompareTurn>;

const CompareTotalsSide = z.strictObject({
  turns: Count,
  tokens: Count,
  costNanoUsd: Count,
  pricing: Pricing,
  latencyMs: Count,
});

const CompareConversation = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  agentId: z.string(),
  agentVersion: z.number().int().positive(),
  modelKey: z.string().nullable(),
});

/** Two conversations aligned by turn; `divergedAtTurn` is the first turn whose answer or calls differ. */
export const ConversationComparison = z.strictObject({
  left: CompareConversation,
  right: CompareConversation,
  turns: z.array(CompareTurn),
  divergedAtTurn: Count.nullable(),
  totals: z.strictObject({ left: CompareTotalsSide, right: CompareTotalsSide }),
});
export type ConversationComparison = z.infer<typeof ConversationComparison>;
