"use client";
/**
 * Settings → MCP: the servers the studio imports tools from, their discovery state and tools;
 * admins add (streamable HTTP or SSE, optional headers stored encrypted), refresh and remove.
 * Servers from the operator's ATELIER_MCP_CONFIG file are shown read-only.
 */
import { useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { ToolFlags } from "@/components/tools/tool-flags";
import { McpServerInput } from "@/lib/mcp/mcp-server-input.shared";
import type { McpServerView } from "@/lib/mcp/mcp-server-view.shared";
import {
  parseHeaderLines,
  useAddMcpServer,
  useDeleteMcpServer,
  useMcpServers,
  useRefreshMcpServer,
} from "./mcp-queries";
import "./mcp.css";

export function McpServersPanel({ canManage }: { canManage: boolean }) {
  const query = useMcpServers();
  return (
    <section className="card" data-testid="mcp-servers">
      <h2>MCP servers</h2>
      <p className="muted">
        Tools of these servers can be attached to agents like any tool. Discovery is cached, so agents keep working
        while a server is down; refresh to pick up changes. Loopback and private addresses must be opened by the
        operator with
        <code> ATELIER_MCP_EGRESS_ALLOW</code>; stdio servers come only from the operator&apos;s{" "}
        <code>ATELIER_MCP_CONFIG</code> file.
      </p>
      {canManage ? <AddServerForm /> : null}
      <QueryState
        query={query}
        isEmpty={(d) => d.servers.length === 0}
        empty={<p className="muted">No MCP servers yet.</p>}
      >
        {(d) => (
          <div className="mcp-server-list">
            {d.servers.map((s) => (
              <ServerCard key={s.id} server={s} canManage={canManage} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function AddServerForm() {
  const add = useAddMcpServer();
  const [name, setName] = useState("");
  const [transport, setTransport] = useState<"http" | "sse">("http");
  const [url, setUrl] = useState("");
  const [headers, setHeaders] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <form
      className="mcp-add-form"
      data-testid="mcp-add-form"
      onSubmit={(e) => {
        e.preventDefault();
        let parsed: Record<string, string>;
        try {
          parsed = parseHeaderLines(headers);
        } catch (err) {
          setFormError((err as Error).message);
          return;
        }
        // The server's own schema: a field error shows before the request.
        const input = McpServerInput.safeParse({ name, transport, url, headers: parsed });
        if (!input.success) {
          setFormError(input.error.issues[0].message);
          return;
        }
        setFormError(null);
        add.mutate(input.data, {
          onSuccess: () => {
            setName("");
            setUrl("");
            setHeaders("");
          },
        });
      }}
    >
      <div className="inline-form">
        <input
          aria-label="Server name"
          placeholder="name (e.g. cases)"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <select
          aria-label="Transport"
          value={transport}
          onChange={(e) => setTransport(e.target.value as "http" | "sse")}
        >
          <option value="http">streamable HTTP</option>
          <option value="sse">SSE (older servers)</option>
        </select>
        <input
          aria-label="Server URL"
          placeholder="https://mcp.example.com/mcp"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          size={40}
        />
      </div>
      <textarea
        aria-label="Headers"
        placeholder={"Optional headers, one per line (stored encrypted):\nAuthorization: Bearer …"}
        value={headers}
        onChange={(e) => setHeaders(e.target.value)}
        rows={2}
      />
      <div>
        <button className="btn" type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add server"}
        </button>
      </div>
      {formError || add.error ? (
        <p className="error" role="alert">
          {formError ?? add.error?.message}
        </p>
      ) : null}
    </form>
  );
}

function ServerCard({ server, canManage }: { server: McpServerView; canManage: boolean }) {
  const refresh = useRefreshMcpServer();
  const remove = useDeleteMcpServer();
  const confirm = useConfirm();
  const askRemove = async () => {
    const used = server.usedBy.map((u) => u.name);
    const ok = await confirm({
      title: `Remove the MCP server '${server.name}'?`,
      message: used.length
        ? "The agents below still use its tools: remove those tools from them first, or the studio refuses."
        : `Its ${server.tools.length} imported tool${server.tools.length === 1 ? "" : "s"} go with it; no agent uses them.`,
      affected: used.length ? { label: "Agents using its tools", items: used } : undefined,
      confirmLabel: "Remove server",
      tone: "danger",
    });
    if (ok) remove.mutate(server.id);
  };
  return (
    <article className="mcp-server-card" data-testid={`mcp-server-${server.name}`}>
      <header className="inline-form">
        <strong className="mono">{server.name}</strong>
        <span className="pill">{server.transport}</span>
        {server.source === "config" ? <span className="pill">config file</span> : null}
        <span
          className={`pill ${server.status === "ok" ? "ok" : server.status === "error" ? "danger" : ""}`}
          data-testid="mcp-server-status"
        >
          {server.status === "never" ? "not discovered" : server.status}
        </span>
        <span className="mono muted small">{server.url ?? [server.command, ...(server.args ?? [])].join(" ")}</span>
        {canManage ? (
          <>
            <button className="btn small" onClick={() => refresh.mutate(server.id)} disabled={refresh.isPending}>
              {refresh.isPending ? "Refreshing…" : "Refresh"}
            </button>
            {server.source === "settings" ? (
              <button className="btn small danger" onClick={() => void askRemove()}>
                Remove
              </button>
            ) : null}
          </>
        ) : null}
      </header>
      {server.headerNames.length ? (
        <p className="muted small">Headers (encrypted): {server.headerNames.join(", ")}</p>
      ) : null}
      {server.lastError ? (
        <p className="error small" data-testid="mcp-server-error">
          Last refresh failed: {server.lastError}
          {server.tools.length ? " — the tools below are from the last successful discovery." : ""}
        </p>
      ) : null}
      {refresh.error || remove.error ? (
        <p className="error small" role="alert">
          {refresh.error?.message ?? remove.error?.message}
        </p>
      ) : null}
      <p className="muted small">
        {server.tools.length} tool{server.tools.length === 1 ? "" : "s"}
        {server.refreshedAt ? `, discovered ${formatDateTime(server.refreshedAt)}` : ""}
        {server.usedBy.length ? ` · used by ${server.usedBy.map((u) => u.name).join(", ")}` : ""}
      </p>
      {server.tools.length ? (
        <table className="table compact">
          <tbody>
            {server.tools.map((t) => (
              <tr key={t.name}>
                <td className="mono">
                  <a href={`/tools/mcp/${server.id}/${encodeURIComponent(t.name)}`}>{t.name}</a>
                </td>
                <td>
                  <ToolFlags sideEffecting={t.sideEffecting} idempotent={t.idempotent} requiresApproval={false} />
                  {t.destructive ? <span className="pill danger">destructive</span> : null}
                </td>
                <td className="muted small">{t.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </article>
  );
}
