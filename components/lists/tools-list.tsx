"use client";
import { useTools } from "@/components/api/queries";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";

export function ToolsList() {
  const query = useTools();
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.tools.length === 0}
      empty={
        <>
          <h2>No tools in this studio yet</h2>
          <p className="muted">A tool is a TypeScript function the model can call. Tools saved here appear in this list.</p>
        </>
      }
    >
      {(d) => (
        <table className="table" data-testid="tools-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Flags</th>
              <th>Latest version</th>
              <th>Used by</th>
              <th>Last edit</th>
            </tr>
          </thead>
          <tbody>
            {d.tools.map((t) => (
              <tr key={t.id}>
                <td className="mono">{t.name}</td>
                <td>
                  {t.sideEffecting ? <span className="pill warn">side-effecting</span> : null}
                  {t.idempotent ? <span className="pill">idempotent</span> : null}
                  {t.requiresApproval ? <span className="pill danger">needs approval</span> : null}
                </td>
                <td>
                  {t.latestVersion === null ? "—" : `v${t.latestVersion}`}{" "}
                  {t.hasErrors ? <span className="pill danger">errors</span> : t.hasErrors === false ? <span className="pill ok">clean</span> : null}
                </td>
                <td>{t.usedBy === 0 ? "—" : `${t.usedBy} agent${t.usedBy === 1 ? "" : "s"}`}</td>
                <td>{formatDateTime(t.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
