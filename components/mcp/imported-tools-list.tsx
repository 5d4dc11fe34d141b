"use client";
/** The Tool Studio's list of imported MCP tools, beside the authored ones: read-only, by server. */
import Link from "next/link";
import { ToolFlags } from "@/components/tools/tool-flags";
import { useMcpServers } from "./mcp-queries";

export function ImportedToolsList() {
  const query = useMcpServers();
  const rows = (query.data?.servers ?? []).flatMap((s) => s.tools.map((t) => ({ server: s, tool: t })));
  if (rows.length === 0) return null;
  return (
    <section className="card" data-testid="imported-tools">
      <h2>Imported from MCP servers</h2>
      <p className="muted">
        Read-only: their schemas come from the server (as last discovered). Manage servers in{" "}
        <Link href="/settings/mcp">Settings → MCP</Link>.
      </p>
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Server</th>
            <th>Flags</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ server, tool }) => (
            <tr key={`${server.id}/${tool.name}`} data-testid={`imported-tool-row-${tool.name}`}>
              <td className="mono">
                <Link href={`/tools/mcp/${server.id}/${encodeURIComponent(tool.name)}`}>{tool.name}</Link>
              </td>
              <td>
                <span className="mono">{server.name}</span>{" "}
                {server.status === "error" ? <span className="pill danger">unreachable</span> : null}
              </td>
              <td>
                <ToolFlags sideEffecting={tool.sideEffecting} idempotent={tool.idempotent} requiresApproval={false} />
                {tool.destructive ? <span className="pill danger">destructive</span> : null}
              </td>
              <td className="muted small">{tool.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
