/**
 * A job of the run queue: the turn a web process accepted, an operator's command, a replay, an eval case, or the resume of
 * a run whose approvals were all decided. It carries the claim's token (run-lease.ts), so a repeated or stale delivery
 * never executes another claim's work.
 */
import { z } from "zod";
import { ReplayToolResults } from "../../read-models/branches/branch-views.shared";

// `roles`: the principal's (ctx.user, availability by role).
const Actor = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  roles: z.array(z.string()).optional(),
  // The API token the request came with: recorded on the run and its usage (token budgets).
  apiTokenId: z.string().nullable().optional(),
});

export const RunJob = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("turn"),
    conversationId: z.string().min(1),
    token: z.string().min(1),
    content: z.string(),
    actor: Actor,
  }),
  // An operator's command: one of the agent's tools run directly (engine/execute-command.ts).
  z.object({
    kind: z.literal("command"),
    conversationId: z.string().min(1),
    token: z.string().min(1),
    tool: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()),
    actor: Actor,
  }),
  // A replay (docs/time-travel.md): the original's steps re-run on the new conversation, one lease
  // for the whole replay (use-cases/run-replay.ts).
  z.object({
    kind: z.literal("replay"),
    conversationId: z.string().min(1),
    token: z.string().min(1),
    /** The conversation replayed, and its last event when the replay was accepted. */
    originalId: z.string().min(1),
    throughSeq: z.number().int().nonnegative(),
    toolResults: ReplayToolResults,
    /** Follow the original's ModelSwitched (no `modelKey` asked) and AgentVersionChanged (no version or label asked). */
    followModel: z.boolean(),
    followVersion: z.boolean(),
    actor: Actor,
  }),
  // One case of an experiment (docs/evals.md) at one repetition: its messages sent as turns on the
  // case's conversation under one lease, approvals answered by the case, then judged
  // (use-cases/run-experiment-case.ts).
  z.object({
    kind: z.literal("experiment-case"),
    conversationId: z.string().min(1),
    token: z.string().min(1),
    experimentId: z.string().min(1),
    index: z.number().int().nonnegative(),
    repetition: z.number().int().nonnegative(),
    actor: Actor,
  }),
  z.object({
    kind: z.literal("resume"),
    conversationId: z.string().min(1),
    token: z.string().min(1),
    runId: z.string().min(1),
    actor: Actor,
  }),
]);
export type RunJob = z.infer<typeof RunJob>;

/** The queue's name in pg-boss. */
export const RUN_QUEUE = "atelier-runs";
