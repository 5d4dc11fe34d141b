"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAgents } from "@/components/agents/agent-queries";
import { startVersion } from "@/components/agents/agent-version-view";
import { useConversations, useCreateConversation } from "./conversation-queries";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { useCan } from "@/components/shell/viewer-context";

/** Pick an agent, start a conversation with it, open it. */
function NewConversationControl() {
  const router = useRouter();
  const agents = useAgents();
  const create = useCreateConversation();
  const [agentId, setAgentId] = useState("");
  const list = agents.data?.agents ?? [];
  const chosen = agentId || list[0]?.id || "";
  const agent = list.find((a) => a.id === chosen);
  if (!list.length) return null;
  return (
    <form
      className="inline-form"
      data-testid="new-conversation"
      onSubmit={(e) => {
        e.preventDefault();
        // Always the version named beside the agent: production, or the latest while it is unset.
        if (agent)
          create.mutate(
            { agentId: agent.id, version: startVersion(agent) },
            { onSuccess: (c) => router.push(`/conversations/${encodeURIComponent(c.id)}`) },
          );
      }}
    >
      <select aria-label="Agent" value={chosen} onChange={(e) => setAgentId(e.target.value)}>
        {list.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      {agent ? (
        <span className="muted small" data-testid="new-conversation-version">
          v{startVersion(agent)}
        </span>
      ) : null}
      <button className="btn primary" type="submit" disabled={create.isPending || create.isSuccess || !agent}>
        {create.isPending || create.isSuccess ? "Starting…" : "New conversation"}
      </button>
      {create.error ? (
        <span className="error small" role="alert">
          {create.error.message}
        </span>
      ) : null}
    </form>
  );
}

export function ConversationsList() {
  const query = useConversations();
  const canRun = useCan("operator");
  return (
    <>
      {canRun ? <NewConversationControl /> : null}
      <QueryState
        query={query}
        isEmpty={(d) => d.conversations.length === 0}
        empty={
          <>
            <h2>No conversations yet</h2>
            <p className="muted">Conversations with your agents, and the state of their latest run, are listed here.</p>
          </>
        }
      >
        {(d) => (
          <table className="table" data-testid="conversations-table">
            <thead>
              <tr>
                <th>Conversation</th>
                <th>Agent</th>
                <th>Runs</th>
                <th>Last run</th>
                <th>Pending approvals</th>
                <th>Updated</th>
              </tr>
            </thead>
            <tbody>
              {d.conversations.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/conversations/${encodeURIComponent(c.id)}`}>
                      {c.title ?? <span className="mono">{c.id}</span>}
                    </Link>
                  </td>
                  <td className="mono">
                    {c.agentName} <span className="muted">· v{c.agentVersion}</span>
                  </td>
                  <td>{c.runs}</td>
                  <td>
                    {c.lastRunStatus ? (
                      <span className={`pill status-${c.lastRunStatus}`}>{c.lastRunStatus}</span>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{c.pendingApprovals ? <Link href="/approvals">{c.pendingApprovals}</Link> : "—"}</td>
                  <td>{formatDateTime(c.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </>
  );
}
