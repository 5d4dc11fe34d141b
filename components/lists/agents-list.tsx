"use client";
import { useAgents } from "@/components/api/queries";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";

export function AgentsList() {
  const query = useAgents();
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.agents.length === 0}
      empty={
        <>
          <h2>No agents yet</h2>
          <p className="muted">An agent combines a prompt, a model roster, tools and limits. Saved agents appear here.</p>
        </>
      }
    >
      {(d) => (
        <table className="table" data-testid="agents-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Active model</th>
              <th>Tools</th>
              <th>Conversations</th>
              <th>Last edit</th>
            </tr>
          </thead>
          <tbody>
            {d.agents.map((a) => (
              <tr key={a.id}>
                <td className="mono">{a.name}</td>
                <td className="mono">{a.activeModel ?? "—"}</td>
                <td>{a.tools}</td>
                <td>{a.conversations}</td>
                <td>{formatDateTime(a.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
