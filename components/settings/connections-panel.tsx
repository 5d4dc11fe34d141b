"use client";
/**
 * Settings → Connections: named settings and credentials that tools declare
 * (`tool({connections: ["weather"]})`) and read as `ctx.connections.weather.apiKey`. Admins create,
 * change and delete them; every other role sees them read-only (plain values for authors, who
 * write the tools). A secret is never shown after it is saved: only that it is set, and when it
 * changed. See docs/connections.md.
 */
import { useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { QueryState } from "@/components/shell/query-state";
import { isComplete, type ConnectionView } from "@/lib/connections/connection-views.shared";
import { ConnectionForm, StoredSecret } from "./connection-form";
import { useConnections, useDeleteConnection } from "./connection-queries";
import "./connections.css";

export function ConnectionsPanel({ canManage }: { canManage: boolean }) {
  const query = useConnections();
  const [creating, setCreating] = useState(false);
  return (
    <section className="card" data-testid="connections-panel">
      <h2>Connections</h2>
      <p className="muted">
        Settings and credentials for tools: a tool lists the connections it needs and reads their fields when it runs.
        Secret fields are encrypted at rest (AES-256-GCM) and never sent back to a browser. The author of a tool that
        declares a connection can read its secrets in that tool; the studio keeps them out of transcripts, traces and
        what the model sees.
      </p>
      {canManage ? (
        creating ? (
          <ConnectionForm existing={null} onDone={() => setCreating(false)} />
        ) : (
          <p>
            <button className="btn" onClick={() => setCreating(true)}>
              New connection
            </button>
          </p>
        )
      ) : (
        <p className="muted small" data-testid="connections-read-only">
          Only admins can add or change connections.
        </p>
      )}
      <QueryState
        query={query}
        isEmpty={(d) => d.connections.length === 0}
        empty={<p className="muted">No connections yet.</p>}
      >
        {(d) => (
          <div className="connection-list">
            {d.connections.map((c) => (
              <ConnectionCard key={c.name} connection={c} canManage={canManage} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function ConnectionCard({ connection: c, canManage }: { connection: ConnectionView; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteConnection();
  const confirm = useConfirm();
  const complete = isComplete(c);
  const askDelete = async () => {
    const ok = await confirm({
      title: `Delete the connection '${c.name}'?`,
      message:
        "Its settings and secrets are deleted for good. Tools that declare it stop being offered to agents until a connection of that name exists again.",
      affected: c.fields.length
        ? {
            label: `Its fields (${c.fields.length})`,
            items: c.fields.map((f) => `${f.name}${f.secret ? " (secret)" : ""}`),
          }
        : undefined,
      confirmLabel: "Delete connection",
      tone: "danger",
    });
    if (ok) remove.mutate(c.name);
  };
  return (
    <article className="connection-card" data-testid={`connection-${c.name}`}>
      <header className="inline-form wrap">
        <strong className="mono">{c.name}</strong>
        <span className={`pill ${complete ? "ok" : "warn"}`} data-testid="connection-state">
          {complete ? "complete" : "incomplete"}
        </span>
        {c.description ? <span className="muted">{c.description}</span> : null}
        {canManage && !editing ? (
          <>
            <button className="btn small" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button className="btn small danger" onClick={() => void askDelete()}>
              Delete
            </button>
          </>
        ) : null}
      </header>
      {remove.error ? (
        <p className="error small" role="alert">
          {remove.error.message}
        </p>
      ) : null}
      {editing ? (
        <ConnectionForm existing={c} onDone={() => setEditing(false)} />
      ) : c.fields.length ? (
        <table className="table compact">
          <thead>
            <tr>
              <th>Field</th>
              <th>Kind</th>
              <th>Value</th>
            </tr>
          </thead>
          <tbody>
            {c.fields.map((f) => (
              <tr key={f.name} data-testid={`connection-field-${f.name}`}>
                <td className="mono">{f.name}</td>
                <td>{f.secret ? "secret" : "plain"}</td>
                <td>
                  {f.secret ? (
                    <StoredSecret field={f} />
                  ) : f.value !== undefined ? (
                    <span className="mono">{f.value}</span>
                  ) : (
                    <span className="muted">{f.set ? "set" : "not set"}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">No fields.</p>
      )}
    </article>
  );
}
