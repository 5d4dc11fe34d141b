"use client";
import { useAudit } from "./settings-queries";
import { formatDateTime } from "@/components/shell/format";

export function AuditPanel() {
  const audit = useAudit();
  return (
    <section className="card" data-testid="audit-panel">
      <h2>Audit log</h2>
      {audit.data && audit.data.entries.length > 0 ? (
        <table className="table compact">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>What</th>
              <th>Target</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDateTime(e.createdAt)}</td>
                <td>{e.actor ?? <span className="muted">anonymous</span>}</td>
                <td className="mono">{e.action}</td>
                <td className="mono">{e.target ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Nothing recorded yet.</p>
      )}
    </section>
  );
}
