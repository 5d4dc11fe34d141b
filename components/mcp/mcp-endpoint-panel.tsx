"use client";
/** Settings: the studio's own MCP endpoint and a client config to paste (with one of your API tokens). */
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/shell/copy-button";
import { mcpClientConfig, mcpEndpointUrl } from "./mcp-client-config";

export function McpEndpointPanel() {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const config = mcpClientConfig(origin || "http://localhost:3000");
  return (
    <section className="card" data-testid="mcp-endpoint">
      <h2>MCP endpoint</h2>
      <p className="muted">
        External MCP clients list and call this studio&apos;s runnable tools (tools that need approval are not served),
        and ask its agents as <code>ask_&lt;agent&gt;</code> — each question is a new conversation here, with its
        approvals, trace and cost. Authenticate with one of your API tokens; calling a tool needs the operator or author
        role, asking an agent the operator role.
      </p>
      <dl className="facts">
        <dt>Endpoint</dt>
        <dd className="mono" data-testid="mcp-endpoint-url">
          {origin ? mcpEndpointUrl(origin) : "/api/mcp"}
        </dd>
        <dt>Transport</dt>
        <dd>streamable HTTP (stateless)</dd>
      </dl>
      <div className="inline-form wrap">
        <span className="muted small">Client config (Claude Desktop, Cursor):</span>
        <CopyButton value={config} what="the client config" testId="copy-mcp-config" />
      </div>
      <pre className="json-block" data-testid="mcp-client-config">
        {config}
      </pre>
    </section>
  );
}
