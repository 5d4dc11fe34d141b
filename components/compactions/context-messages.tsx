"use client";
/** Messages of a context as the model reads them: role, text, tool calls and results, compactly. */
import { outputText, prettyJson } from "@/lib/events/tool-output-text.shared";
import type { ContextMessageView } from "@/lib/runs/read-models/compactions/compaction-views.shared";

const ROLE_LABEL: Record<ContextMessageView["role"], string> = {
  user: "user",
  assistant: "assistant",
  tool: "tool result",
};

export function ContextMessages({ messages, testId }: { messages: ContextMessageView[]; testId?: string }) {
  if (messages.length === 0)
    return (
      <p className="muted small" data-testid={testId}>
        No messages.
      </p>
    );
  return (
    <ol className="cx-messages" data-testid={testId}>
      {messages.map((m, i) => (
        <li key={i} className={`cx-message cx-${m.role}${m.summary ? " cx-summary-message" : ""}`} data-role={m.role}>
          <span className="cx-role">{m.summary ? "summary" : ROLE_LABEL[m.role]}</span>
          <div className="cx-parts">
            {m.parts.map((p, j) =>
              p.type === "text" ? (
                <p key={j} className="cx-text">
                  {p.text}
                </p>
              ) : p.type === "tool-call" ? (
                <p key={j} className="cx-call mono">
                  {p.toolName}({prettyJson(p.input).replace(/\s+/g, " ")})
                </p>
              ) : (
                <p key={j} className="cx-result mono">
                  {p.toolName} → {outputText(p.output)}
                </p>
              ),
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
