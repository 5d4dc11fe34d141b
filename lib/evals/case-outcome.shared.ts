/**
 * What a case's run was observed to do: the facts its expectations are checked against
 * (./verdicts/evaluate-expectations.ts), built from a conversation's event log by
 * ./verdicts/outcome-from-events.shared.ts. Turns are numbered from 0; `depth` 0 is the agent the
 * case talked to, 1 an agent it called as a tool, and so on. Browser-safe: imports only zod.
 */
import { z } from "zod";

export const ObservedToolCall = z.object({
  name: z.string(),
  /** The arguments as parsed from the model's JSON (the raw string when it was not JSON). */
  args: z.unknown(),
  depth: z.number().int().min(0),
  turn: z.number().int().min(0),
  /** In an experiment: answered by the case's mock — the tool did not run (absent otherwise). */
  mocked: z.literal(true).optional(),
});
export type ObservedToolCall = z.infer<typeof ObservedToolCall>;

export const ObservedApproval = z.object({
  tool: z.string(),
  args: z.unknown(),
  depth: z.number().int().min(0),
  turn: z.number().int().min(0),
  /** How it was answered (null while undecided). */
  decision: z.enum(["approve", "deny"]).nullable(),
});
export type ObservedApproval = z.infer<typeof ObservedApproval>;

export const CaseOutcome = z.object({
  /** Each turn's final answer: the last assistant text of the agent the case talked to (null: none). */
  answers: z.array(z.string().nullable()),
  /** The last turn's final answer: what answer checks read. */
  finalAnswer: z.string().nullable(),
  /** Every tool call, across all turns and depths, in order. */
  toolCalls: z.array(ObservedToolCall),
  approvalsRequested: z.array(ObservedApproval),
  /** Model requests of every run (conclusion and child runs included; no judge). */
  requests: z.number().int().min(0),
  /** Their cost, integer nano-USD. */
  costNanoUsd: z.number().int().min(0),
  /** Per turn: milliseconds from the turn's post to its last `RunFinished`. */
  latencyMsPerTurn: z.array(z.number().min(0)),
});
export type CaseOutcome = z.infer<typeof CaseOutcome>;
