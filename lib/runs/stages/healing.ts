/**
 * Stage 5: healing. A run that stops between a model's tool calls and their results leaves those
 * calls dangling, and the next request would be rejected by the provider. Each dangling call is
 * answered with a short model-facing instruction instead — for a usage-limit breach, that the
 * budget is spent and the model should answer with what it has — so that sentence, not a stack
 * trace, is what the next run reasons from.
 */
import type { MessagePart } from "../../events/event-types";
import { RunUsageLimitError } from "../run-errors";

export const BUDGET_SPENT_INSTRUCTION =
  "Not executed: this turn's usage budget is spent, so no further tool call is possible. Answer now with what you already have.";

export function healingInstruction(cause: unknown): string {
  if (cause instanceof RunUsageLimitError) return BUDGET_SPENT_INSTRUCTION;
  const why = cause instanceof Error ? cause.message : String(cause);
  return `Not executed: the run stopped before this call ran (${why}). Do not assume it happened.`;
}

/** Tool calls of the last assistant message that have no result yet. */
export function danglingCalls(assistantParts: readonly MessagePart[], answered: ReadonlySet<string>) {
  return assistantParts.filter(
    (p): p is Extract<MessagePart, { type: "tool-call" }> => p.type === "tool-call" && !answered.has(p.toolCallId),
  );
}

export function healingParts(
  calls: ReadonlyArray<{ toolCallId: string; toolName: string }>,
  instruction: string,
): MessagePart[] {
  return calls.map((c) => ({
    type: "tool-result",
    toolCallId: c.toolCallId,
    toolName: c.toolName,
    output: { type: "error-text", value: instruction },
  }));
}
