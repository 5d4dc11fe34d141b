"use client";
/**
 * The side panel of the selected node: an agent's key settings with a link to its form and the
 * attach/detach controls; a tool's description, flags and versions with a link to the Tool Studio;
 * the facts of an MCP server, skill, connection or built-in.
 */
import { GuardedLink as Link } from "@/components/shell/unsaved-changes";
import { Fragment, type ReactNode } from "react";
import type { CanvasGraph, CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import { CanvasNodeWiring } from "./canvas-node-wiring";

type Props = {
  graph: Pick<CanvasGraph, "nodes" | "edges">;
  /** What an agent may be given (default: the graph drawn): the whole workspace on an agent's tab. */
  candidates?: Pick<CanvasGraph, "nodes" | "edges">;
  node: CanvasNode | null;
  canEdit: boolean;
  invalid: { nodes: Record<string, string>; edges: Record<string, string> };
  onAttach: (source: string, target: string) => boolean;
  onDetach: (edgeId: string) => void;
  onClose: () => void;
};

function limit(n: number | null, unit: string): string {
  return n === null ? "unlimited" : `${n.toLocaleString("en-US")} ${unit}`;
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="facts canvas-facts">
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function NodeFacts({ node }: { node: CanvasNode }) {
  switch (node.kind) {
    case "agent": {
      const d = node.data;
      const labels = Object.entries(d.labels);
      return (
        <>
          <Facts
            rows={[
              ["Version", `v${d.version}`],
              [
                "Model",
                <span key="m" className="mono">
                  {d.activeModel}
                </span>,
              ],
              ["Roster", d.rosterSize ? `${d.rosterSize} models` : "one model"],
              ["Autonomy", d.autonomy],
              ["Tool mode", d.toolMode],
              ["Requests", limit(d.requestLimit, "per run")],
              ["Tool calls", limit(d.toolCallsLimit, "per run")],
              ["Tokens", limit(d.totalTokensLimit, "per run")],
              ["Labels", labels.length ? labels.map(([l, v]) => `${l} → v${v}`).join(", ") : "none"],
            ]}
          />
          <p>
            <Link href={`/agents/${encodeURIComponent(d.agentId)}`}>Open the agent form</Link>
          </p>
        </>
      );
    }
    case "tool": {
      const d = node.data;
      return (
        <>
          <p className="canvas-desc">{d.description || <span className="muted">No description.</span>}</p>
          <Facts
            rows={[
              ["Newest version", d.latestVersion === null ? "none saved" : `v${d.latestVersion}`],
              ["Analysis", d.clean ? "clean" : "definition errors"],
              ["Side effects", d.sideEffecting ? "yes" : "no"],
              ["Approval", d.requiresApproval ? "required" : "not required"],
              ["Idempotent", d.idempotent ? "yes" : "no"],
            ]}
          />
          <p>
            <Link href={`/tools/${encodeURIComponent(d.toolId)}`}>Open in the Tool Studio</Link>
          </p>
        </>
      );
    }
    case "mcp-server":
      return (
        <>
          <Facts
            rows={[
              ["Health", node.data.status],
              ...(node.data.lastError ? [["Last error", node.data.lastError] as [string, string]] : []),
            ]}
          />
          <p>
            <Link href={`/tools/mcp/${encodeURIComponent(node.data.serverId)}`}>Open the MCP server</Link>
          </p>
        </>
      );
    case "mcp-tool":
      return <p className="canvas-desc">{node.data.description || <span className="muted">No description.</span>}</p>;
    case "skill":
      return (
        <>
          <p className="canvas-desc">{node.data.description}</p>
          <p>
            <Link href={`/skills/${encodeURIComponent(node.data.name)}`}>Open the skill</Link>
          </p>
        </>
      );
    case "connection":
      return <Facts rows={[["Configured", node.data.exists ? "yes" : "no — add it in Settings"]]} />;
    case "builtin":
      return (
        <p className="canvas-desc">
          {node.data.builtin === "memory"
            ? "The built-in memory tool: facts the agent remembers across conversations."
            : "The built-in workspace tool: a file system per conversation (or per agent)."}
        </p>
      );
  }
}

export function CanvasSidePanel({
  graph,
  candidates = graph,
  node,
  canEdit,
  invalid,
  onAttach,
  onDetach,
  onClose,
}: Props) {
  if (!node) {
    return (
      <aside className="canvas-side" aria-label="Selected node" data-testid="canvas-side-panel">
        <p className="muted">
          Select a node to see it here. Drag from an agent&apos;s round handle onto a tool, skill or agent to attach it;
          select an edge and press Delete to detach it.
        </p>
      </aside>
    );
  }
  return (
    <aside className="canvas-side" aria-label={`Selected: ${node.label}`} data-testid="canvas-side-panel">
      <div className="canvas-side-head">
        <h2>{node.label}</h2>
        <button type="button" className="btn small" onClick={onClose} aria-label="Close the side panel">
          Close
        </button>
      </div>
      {invalid.nodes[node.id] ? (
        <p className="error" role="note">
          {invalid.nodes[node.id]}
        </p>
      ) : null}
      {node.badges.length ? (
        <ul className="plain-list canvas-side-badges">
          {node.badges.map((b) => (
            <li key={b.kind + b.message} className="error small">
              {b.message}
            </li>
          ))}
        </ul>
      ) : null}
      <NodeFacts node={node} />
      <CanvasNodeWiring
        graph={graph}
        candidates={candidates}
        node={node}
        canEdit={canEdit}
        invalidEdges={invalid.edges}
        onAttach={onAttach}
        onDetach={onDetach}
      />
    </aside>
  );
}
