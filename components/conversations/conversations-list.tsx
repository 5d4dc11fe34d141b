"use client";
import { useConversations } from "./conversation-queries";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";

export function ConversationsList() {
  const query = useConversations();
  return (
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
                <td>{c.title ?? <span className="mono muted">{c.id}</span>}</td>
                <td className="mono">{c.agentName}</td>
                <td>{c.runs}</td>
                <td>{c.lastRunStatus ? <span className={`pill status-${c.lastRunStatus}`}>{c.lastRunStatus}</span> : "—"}</td>
                <td>{c.pendingApprovals || "—"}</td>
                <td>{formatDateTime(c.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
