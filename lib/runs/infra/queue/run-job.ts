/**
 * A job of the run queue: the turn a web process accepted, an operator's command, or the resume of
 * a run whose approvals were all decided. It carries the claim's token (run-lease.ts), so a repeated or stale delivery
 * never executes another claim's work.
 */
import { z } from "zod";

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
