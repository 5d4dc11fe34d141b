"use client";
/**
 * The canvas as a list (the keyboard and screen-reader fallback): every node with its kind, what it
 * uses (each with a Detach button) and what uses it, and on each agent an attach control. The same
 * edits as the drawing, through ordinary buttons and selects.
 */
import type { CanvasGraph, CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import { CanvasNodeWiring } from "./canvas-node-wiring";

const KIND_ORDER: ReadonlyArray<CanvasNode["kind"]> = [
  "agent",
  "tool",
  "builtin",
  "mcp-tool",
  "mcp-server",
  "skill",
  "connection",
];
const KIND_TITLE: Record<CanvasNode["kind"], string> = {
  agent: "Agents",
  tool: "Tools",
  builtin: "Built-in tools",
  "mcp-tool": "MCP tools",
  "mcp-server": "MCP servers",
  skill: "Skills",
  connection: "Connections",
};

export function CanvasListView({
  graph,
  candidates = graph,
  canEdit,
  invalid,
  onAttach,
  onDetach,
}: {
  graph: Pick<CanvasGraph, "nodes" | "edges">;
  /** What an agent may be given (default: what is listed): the whole workspace on an agent's tab. */
  candidates?: Pick<CanvasGraph, "nodes" | "edges">;
  canEdit: boolean;
  invalid: { nodes: Record<string, string>; edges: Record<string, string> };
  onAttach: (source: string, target: string) => boolean;
  onDetach: (edgeId: string) => void;
}) {
  return (
    <div className="canvas-list" data-testid="canvas-list-view">
      {KIND_ORDER.map((kind) => {
        const nodes = graph.nodes.filter((n) => n.kind === kind).sort((a, b) => a.label.localeCompare(b.label));
        if (!nodes.length) return null;
        return (
          <section key={kind} aria-labelledby={`canvas-list-${kind}`}>
            <h2 id={`canvas-list-${kind}`}>
              {KIND_TITLE[kind]} <span className="muted small">({nodes.length})</span>
            </h2>
            <ul className="plain-list canvas-list-items">
              {nodes.map((node) => (
                <li
                  key={node.id}
                  className={`card canvas-list-item${invalid.nodes[node.id] ? " invalid" : ""}`}
                  data-testid="canvas-list-item"
                  data-node-id={node.id}
                  aria-labelledby={`canvas-li-${node.id}`}
                >
                  <h3 id={`canvas-li-${node.id}`}>
                    {node.label}
                    {node.kind === "agent" ? <span className="muted small"> v{node.data.version}</span> : null}
                  </h3>
                  {invalid.nodes[node.id] ? <p className="error small">{invalid.nodes[node.id]}</p> : null}
                  {node.badges.map((b) => (
                    <p key={b.kind + b.message} className="error small">
                      {b.message}
                    </p>
                  ))}
                  <CanvasNodeWiring
                    graph={graph}
                    candidates={candidates}
                    node={node}
                    canEdit={canEdit}
                    invalidEdges={invalid.edges}
                    onAttach={onAttach}
                    onDetach={onDetach}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
