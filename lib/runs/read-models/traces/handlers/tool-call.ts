import { newToolSpan, type EventHandler } from "../run-layout";
import { capText } from "../trace-text";

/** A call's span, placed once its step's model request is read (see llm-usage.ts). */
export const toolCall: EventHandler<"ToolCallEvent"> = (e, run) => {
  const { text, cut } = capText(e.data.arguments);
  const span = { ...newToolSpan(run, e.seq, e.data.toolCallId, e.data.toolName), arguments: text, truncated: cut };
  run.tools.set(span.toolCallId, span);
  run.pendingCalls.push(span);
  run.spans.push(span);
};
