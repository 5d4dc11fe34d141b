"use client";
/**
 * One node of the canvas, drawn by kind: what matters at a glance (an agent's model, roster,
 * autonomy, limits and version; a tool's flags and whether its newest version is clean; an MCP
 * server's health; …), its badges, and its state in a live run. The card carries
 * `data-testid="canvas-node"`, its id, kind and run status for tests and styles.
 */
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import type { CanvasFlowNode } from "./canvas-flow-types";

const KIND_LABEL: Record<CanvasNode["kind"], string> = {
  agent: "Agent",
  tool: "Tool",
  builtin: "Built-in tool",
  "mcp-server": "MCP server",
  "mcp-tool": "MCP tool",
  skill: "Skill",
  connection: "Connection",
};

/** Nodes that stand at the start of an edge (agents use things, tools need connections, MCP tools are served). */
function hasOutput(kind: CanvasNode["kind"]): boolean {
  return kind === "agent" || kind === "tool" || kind === "mcp-tool";
}

function limitText(n: number | null, unit: string): string | null {
  return n === null ? null : `${n.toLocaleString("en-US")} ${unit}`;
}

function AgentBody({ node }: { node: Extract<CanvasNode, { kind: "agent" }> }) {
  const d = node.data;
  const limits = [
    limitText(d.requestLimit, "requests"),
    limitText(d.toolCallsLimit, "tool calls"),
    limitText(d.totalTokensLimit, "tokens"),
  ].filter((x): x is string => x !== null);
  const labels = Object.entries(d.labels);
  return (
    <>
      <div className="canvas-node-line mono" title="Active model">
        {d.activeModel}
      </div>
      <div className="canvas-node-pills">
        {d.rosterSize > 0 ? <span className="pill">{d.rosterSize} in roster</span> : null}
        <span className="pill" title="Autonomy tier">
          {d.autonomy}
        </span>
        {d.toolMode === "structured" ? <span className="pill">structured</span> : null}
        {labels.map(([label, v]) => (
          <span key={label} className="pill ok" title={`Release label ${label} → v${v}`}>
            {label}: v{v}
          </span>
        ))}
      </div>
      <div className="canvas-node-line muted small">{limits.length ? limits.join(" · ") : "no run limits"}</div>
    </>
  );
}

function ToolBody({ node }: { node: Extract<CanvasNode, { kind: "tool" }> }) {
  const d = node.data;
  return (
    <>
      <div className="canvas-node-pills">
        {d.sideEffecting ? <span className="pill warn">side effects</span> : <span className="pill">read-only</span>}
        {d.requiresApproval ? <span className="pill warn">approval</span> : null}
        {d.idempotent ? <span className="pill">idempotent</span> : null}
      </div>
      <div className="canvas-node-line small">
        {d.latestVersion === null ? (
          <span className="muted">no version saved</span>
        ) : d.clean ? (
          <span className="canvas-ok">v{d.latestVersion} clean</span>
        ) : (
          // The definition-errors badge says what is wrong; this line says what an attachment pins.
          <span className="muted">
            {typeof d.newestCleanVersion === "number" ? `attaches v${d.newestCleanVersion}` : "no clean version yet"}
          </span>
        )}
      </div>
    </>
  );
}

function Body({ node }: { node: CanvasNode }) {
  switch (node.kind) {
    case "agent":
      return <AgentBody node={node} />;
    case "tool":
      return <ToolBody node={node} />;
    case "builtin":
      return (
        <div className="canvas-node-line muted small">
          {node.data.builtin === "memory" ? "remembers facts" : "files"}
        </div>
      );
    case "mcp-server": {
      const ok = node.data.status === "ok";
      return (
        <div className="canvas-node-line small">
          <span
            className={`pill ${ok ? "ok" : node.data.status === "never" ? "" : "danger"}`}
            title={node.data.lastError ?? undefined}
          >
            {ok ? "healthy" : node.data.status === "never" ? "never checked" : node.data.status}
          </span>
        </div>
      );
    }
    case "mcp-tool":
      return (
        <div className="canvas-node-line muted small canvas-clamp">{node.data.description || "no description"}</div>
      );
    case "skill":
      return (
        <div className="canvas-node-line muted small canvas-clamp">
          {node.data.version === null ? "" : `v${node.data.version} · `}
          {node.data.description}
        </div>
      );
    case "connection":
      return (
        <div className="canvas-node-line small">
          {node.data.exists ? (
            <span className="canvas-ok">configured</span>
          ) : (
            <span className="canvas-bad">missing</span>
          )}
        </div>
      );
  }
}

function versionOf(node: CanvasNode): string | null {
  if (node.kind === "agent") return `v${node.data.version}`;
  if (node.kind === "tool" && node.data.latestVersion !== null) return `v${node.data.latestVersion}`;
  return null;
}

export function CanvasNodeCard({ data, selected }: NodeProps<CanvasFlowNode>) {
  const { node, runStatus, held, invalid, connectable } = data;
  const version = versionOf(node);
  return (
    <div
      className={`canvas-node kind-${node.kind} run-${runStatus}${invalid ? " invalid" : ""}${selected ? " selected" : ""}`}
      data-testid="canvas-node"
      data-node-id={node.id}
      data-kind={node.kind}
      data-run-status={runStatus}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} className="canvas-handle" />
      <div className="canvas-node-head">
        <span className="canvas-node-kind">{KIND_LABEL[node.kind]}</span>
        {version ? <span className="canvas-node-version">{version}</span> : null}
      </div>
      <div className="canvas-node-title" title={node.label}>
        {node.label}
      </div>
      <Body node={node} />
      {node.badges.length || invalid || held.length ? (
        <ul className="canvas-node-badges" aria-label="Badges">
          {held.length ? (
            <li
              className="pill warn canvas-held"
              data-testid="canvas-held-badge"
              title={held.map((h) => h.toolName).join(", ")}
            >
              awaiting approval{held.length > 1 ? ` (${held.length})` : ""}
            </li>
          ) : null}
          {invalid ? (
            <li className="pill danger" data-testid="canvas-invalid-badge" title={invalid}>
              ✕ {invalid}
            </li>
          ) : null}
          {node.badges.map((b) => (
            <li key={b.kind + b.message} className="pill danger" data-badge={b.kind} title={b.message}>
              ! {b.message}
            </li>
          ))}
        </ul>
      ) : null}
      {hasOutput(node.kind) ? (
        <Handle
          type="source"
          position={Position.Right}
          isConnectable={connectable}
          className={connectable ? "canvas-handle canvas-handle-out" : "canvas-handle"}
          data-testid={connectable ? "canvas-handle-out" : undefined}
          aria-label={connectable ? `Drag to attach a tool, skill or agent to ${node.label}` : undefined}
          title={connectable ? "Drag onto a tool, skill or agent to attach it" : undefined}
        />
      ) : null}
    </div>
  );
}
