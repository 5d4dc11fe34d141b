"use client";
/** A conversation's context values, fixed at its start, shown under its header bar (none: nothing). */
import type { ConversationDetail } from "@/lib/runs/read-models/conversations/conversation-views.shared";
import { formatContextValue } from "./context-form";
import "./conversation-context.css";

export function ConversationContextBar({ context }: { context: ConversationDetail["context"] }) {
  const entries = Object.entries(context);
  if (!entries.length) return null;
  return (
    <dl className="ctx-bar" data-testid="conversation-context" aria-label="Conversation context">
      <span className="ctx-bar-title muted small" title="Fixed when the conversation started">
        Context
      </span>
      {entries.map(([name, value]) => (
        <div className="ctx-chip" key={name} data-testid={`context-value-${name}`}>
          <dt className="mono">{name}</dt>
          <dd>{formatContextValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
