import type { EventHandler } from "../run-layout";
import { setResult } from "../trace-text";

/** The run's prompt (its first user message), the last assistant message and answer, and the results of calls. */
export const llmMessage: EventHandler<"LlmMessageEvent"> = (e, run) => {
  const text = e.data.parts
    .filter((p) => p.type === "text")
    .map((p) => (p as { text: string }).text)
    .join("");
  if (e.data.role === "user" && run.prompt === null) run.prompt = text;
  if (e.data.role === "assistant") {
    run.assistant = {
      text,
      toolCalls: e.data.parts.filter((p) => p.type === "tool-call").map((p) => (p as { toolName: string }).toolName),
    };
    if (text.trim()) run.answer = text;
  }
  if (e.data.role === "tool")
    for (const p of e.data.parts) {
      if (p.type !== "tool-result") continue;
      const span = run.tools.get(p.toolCallId);
      if (span) setResult(span, p.output);
    }
};
