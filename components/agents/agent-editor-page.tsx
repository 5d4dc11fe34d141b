"use client";
/** Loads a saved agent and opens it in the editor. */
import Link from "next/link";
import { NewConversationButton } from "@/components/conversations/new-conversation-button";
import { AgentEditor } from "./agent-editor";
import { useAgent } from "./agent-queries";

export function AgentEditorPage({ id }: { id: string }) {
  const q = useAgent(id);
  if (q.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (q.error) {
    return (
      <div className="empty">
        <p className="error" role="alert">
          Could not load the agent: {q.error.message}
        </p>
        <Link href="/agents">Back to agents</Link>
      </div>
    );
  }
  return (
    <>
      <NewConversationButton agentId={id} bar />
      <AgentEditor initial={q.data.agent} agent={q.data.agent} />
    </>
  );
}
