"use client";
/**
 * Attach without a mouse: pick a tool, skill or agent and press Attach. The same check as a drag
 * runs (a refusal is announced by the editor's alert region).
 */
import { useId, useMemo, useState } from "react";
import type { CanvasGraph, CanvasNode } from "@/lib/canvas/canvas-graph.shared";

const ATTACHABLE: ReadonlyArray<CanvasNode["kind"]> = ["tool", "builtin", "mcp-tool", "agent", "skill"];
const GROUP: Record<string, string> = {
  tool: "Tools",
  builtin: "Built-in tools",
  "mcp-tool": "MCP tools",
  agent: "Agents (as tools)",
  skill: "Skills",
};

export function CanvasAttachControl({
  graph,
  agentNode,
  onAttach,
}: {
  graph: Pick<CanvasGraph, "nodes" | "edges">;
  agentNode: CanvasNode;
  /** Answers whether the attachment was made. */
  onAttach: (source: string, target: string) => boolean;
}) {
  const id = useId();
  const [target, setTarget] = useState("");
  const groups = useMemo(() => {
    const used = new Set(graph.edges.filter((e) => e.source === agentNode.id).map((e) => e.target));
    return ATTACHABLE.map((kind) => ({
      kind,
      nodes: graph.nodes
        .filter((n) => n.kind === kind && n.id !== agentNode.id && !used.has(n.id))
        .sort((a, b) => a.label.localeCompare(b.label)),
    })).filter((g) => g.nodes.length > 0);
  }, [graph, agentNode.id]);
  if (groups.length === 0) return <p className="muted small">Everything on the canvas is attached already.</p>;
  return (
    <form
      className="canvas-attach"
      onSubmit={(e) => {
        e.preventDefault();
        if (target && onAttach(agentNode.id, target)) setTarget("");
      }}
    >
      <label htmlFor={id} className="field-label">
        Attach to {agentNode.label}
      </label>
      <div className="canvas-attach-row">
        <select id={id} value={target} onChange={(e) => setTarget(e.target.value)} data-testid="canvas-attach-select">
          <option value="">Choose a tool, skill or agent…</option>
          {groups.map((g) => (
            <optgroup key={g.kind} label={GROUP[g.kind]}>
              {g.nodes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <button type="submit" className="btn small" disabled={!target}>
          Attach
        </button>
      </div>
    </form>
  );
}
