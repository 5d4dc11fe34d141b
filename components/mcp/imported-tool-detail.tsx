"use client";
/**
 * One imported MCP tool in the Tool Studio: read-only — what the model is shown (description and
 * input schema, as discovered), the server's annotations and our flags — and a test-run panel that
 * calls the tool on its server.
 */
import Link from "next/link";
import { useState } from "react";
import { ArgumentForm } from "@/components/tools/argument-form";
import { skeletonFor } from "@/components/tools/argument-skeleton";
import { JsonBlock } from "@/components/tools/tool-preview-panel";
import { ToolFlags } from "@/components/tools/tool-flags";
import { useCan } from "@/components/shell/viewer-context";
import { QueryState } from "@/components/shell/query-state";
import type { JsonSchema } from "@/lib/tools/tool-types";
import type { McpToolView } from "@/lib/mcp/mcp-server-view.shared";
import { useMcpServers, useTestCallMcpTool } from "./mcp-queries";

export function ImportedToolDetail({ serverId, toolName }: { serverId: string; toolName: string }) {
  const query = useMcpServers();
  return (
    <QueryState
      query={query}
      isEmpty={(d) => !d.servers.find((s) => s.id === serverId)?.tools.some((t) => t.name === toolName)}
      empty={
        <p className="muted">
          This tool is not in the server&apos;s last discovery. <Link href="/settings/mcp">Settings → MCP</Link>
        </p>
      }
    >
      {(d) => {
        const server = d.servers.find((s) => s.id === serverId)!;
        const tool = server.tools.find((t) => t.name === toolName)!;
        return (
          <div className="studio-grid" data-testid="imported-tool">
            <section className="card">
              <h2>
                <span className="mono">{tool.name}</span> <span className="pill">MCP · {server.name}</span>
              </h2>
              <p>
                <ToolFlags sideEffecting={tool.sideEffecting} idempotent={tool.idempotent} requiresApproval={false} />
                {tool.destructive ? <span className="pill danger">destructive</span> : null}
              </p>
              <h3>Description</h3>
              <p data-testid="imported-tool-description">{tool.description || <em className="muted">none</em>}</p>
              <h3>Input schema</h3>
              <JsonBlock value={tool.inputSchema} testId="imported-tool-schema" />
              <h3>Annotations</h3>
              <JsonBlock value={tool.annotations} />
            </section>
            <McpTestRun serverId={server.id} tool={tool} />
          </div>
        );
      }}
    </QueryState>
  );
}

function McpTestRun({ serverId, tool }: { serverId: string; tool: McpToolView }) {
  // A tool not marked read-only is one an agent would hold for approval: only an approver test-calls it.
  const canRunReadOnly = useCan("operator", "author");
  const canRunSideEffecting = useCan("approver");
  const canRun = tool.sideEffecting ? canRunSideEffecting : canRunReadOnly;
  const run = useTestCallMcpTool(serverId);
  const schema = tool.inputSchema as JsonSchema;
  const [args, setArgs] = useState<Record<string, unknown>>(
    () => (skeletonFor(schema) ?? {}) as Record<string, unknown>,
  );
  return (
    <section className="card" data-testid="mcp-test-run">
      <h2>Test run</h2>
      <p className="muted small">
        Calls the tool on its server now{tool.sideEffecting ? " — it may change things there" : ""}.
      </p>
      <ArgumentForm schema={schema} value={args} onChange={setArgs} />
      <button className="btn" disabled={!canRun || run.isPending} onClick={() => run.mutate({ tool: tool.name, args })}>
        {run.isPending ? "Running…" : "Run"}
      </button>
      {!canRun ? (
        <p className="muted small">
          {tool.sideEffecting
            ? "This tool is not marked read-only: test runs need the approver role."
            : "Test runs need the operator or author role."}
        </p>
      ) : null}
      {run.error ? (
        <p className="error" role="alert">
          {run.error.message}
        </p>
      ) : null}
      {run.data ? (
        <div data-testid="mcp-test-outcome">
          <p>
            <span className={`pill ${run.data.ok ? "ok" : "danger"}`}>{run.data.ok ? "ok" : run.data.error.type}</span>{" "}
            <span className="muted small">{run.data.durationMs} ms</span>
          </p>
          {run.data.ok ? <JsonBlock value={run.data.result} /> : <p className="error">{run.data.error.message}</p>}
        </div>
      ) : null}
    </section>
  );
}
