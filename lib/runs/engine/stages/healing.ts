/**
 * Stage 5: healing. A run that stops between a model's tool calls and their results leaves those
 * calls dangling, and the next request would be rejected by the provider. Each dangling call is
 * answered with a short model-facing instruction instead — for a usage-limit breach, that the
 * budget is spent and the model should answer with what it has — so that sentence, not a stack
 * trace, is what the next run reasons from.
 */
import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import { newEvent, type EventData, type EventEntry, type MessagePart } from "../../../events/event-types";
import { RunUsageLimitError } from "../run-errors";
import { isStructuredCallId, structuredResultText } from "../structured/structured-result";

export const BUDGET_SPENT_INSTRUCTION =
  "Not executed: this turn's usage budget is spent, so no further tool call is possible. Answer now with what you already have.";

export function healingInstruction(cause: unknown): string {
  if (RunUsageLimitError.is(cause)) return BUDGET_SPENT_INSTRUCTION;
  const why = cause instanceof Error ? cause.message : String(cause);
  return `Not executed: the run stopped before this call ran (${why}). Do not assume it happened.`;
}

/** Tool calls of the last assistant message that have no result yet. */
export function danglingCalls(assistantParts: readonly MessagePart[], answered: ReadonlySet<string>) {
  return assistantParts.filter(
    (p): p is Extract<MessagePart, { type: "tool-call" }> => p.type === "tool-call" && !answered.has(p.toolCallId),
  );
}

/** One call's answer: what the model reads, and what the log records of the call. */
export interface CallAnswer {
  output: LanguageModelV3ToolResultOutput;
  /** The call's ToolReturnEvent (it names the call: `toolCallId`, `toolName`). */
  ret: EventData["ToolReturnEvent"];
}

/**
 * The events that answer calls of a run, in the log's order: one tool LlmMessageEvent with every
 * result, then a ToolReturnEvent per call. Every place that answers calls — a step's results,
 * healing, an interrupted or superseded run, a resumed one — writes them through here.
 */
export function answerEvents(runId: string, answers: readonly CallAnswer[]): EventEntry[] {
  if (answers.length === 0) return [];
  // A structured-mode action (structured/structured-step.ts) was never a provider tool call: its
  // result is a user message's text, so a model without tool calling reads it.
  const structured = answers.filter((a) => isStructuredCallId(a.ret.toolCallId));
  const native = answers.filter((a) => !isStructuredCallId(a.ret.toolCallId));
  const parts: MessagePart[] = native.map((a) => ({
    type: "tool-result",
    toolCallId: a.ret.toolCallId,
    toolName: a.ret.toolName,
    output: a.output,
  }));
  return [
    ...(parts.length ? [{ event: newEvent(runId, "LlmMessageEvent", { role: "tool", parts }) }] : []),
    ...(structured.length
      ? [
          {
            event: newEvent(runId, "LlmMessageEvent", {
              role: "user",
              parts: structured.map((a) => ({ type: "text" as const, text: structuredResultText(a) })),
            }),
          },
        ]
      : []),
    ...answers.map((a) => ({ event: newEvent(runId, "ToolReturnEvent", a.ret) })),
  ];
}

/** Calls that will never run, each answered with `instruction` and recorded as failed with `errorType`. */
export function healingAnswers(
  calls: ReadonlyArray<{ toolCallId: string; toolName: string }>,
  instruction: string,
  errorType: string,
): CallAnswer[] {
  return calls.map((c) => ({
    output: { type: "error-text", value: instruction },
    ret: { toolName: c.toolName, toolCallId: c.toolCallId, success: false, durationMs: 0, errorType },
  }));
}
