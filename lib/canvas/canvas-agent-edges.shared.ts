/**
 * Where an agent's configuration points on the canvas (lib/canvas/README.md): the node each tool
 * entry and each skill names, and the agent's outgoing "uses" edges built from its configuration.
 * The workspace graph (build-canvas-graph.ts) and the browser's edits (canvas-edits.shared.ts) both
 * draw an agent's edges with these, so an edit shows exactly as the saved version will.
 * Browser-safe: zod and shared modules only.
 */
import type { AgentToolEntry, AgentToolEntryInput } from "../agents/agent-tools.shared";
import {
  agentNodeId,
  builtinNodeId,
  edgeId,
  mcpToolNodeId,
  skillNodeId,
  toolNodeId,
  type CanvasEdge,
  type CanvasNode,
} from "./canvas-graph.shared";

/** The node a tool entry points at: the tool, the built-in, the MCP tool or the agent. */
export function entryNodeId(entry: AgentToolEntryInput): string {
  if ("toolId" in entry) return toolNodeId(entry.toolId);
  if ("builtin" in entry) return builtinNodeId(entry.builtin);
  if ("mcpServerId" in entry) return mcpToolNodeId(entry.mcpServerId, entry.tool);
  return agentNodeId(entry.agentId);
}

/** What a tool entry needs to be drawn: the pinned version's number, when it names one. */
export interface PinLookup {
  /** The number of a tool version by its id (unknown ids: undefined). */
  versionNumber(toolVersionId: string): number | undefined;
}

/**
 * The agent's outgoing uses-tool / uses-agent / uses-skill edges, in the configuration's order;
 * entries and skills whose node is not on the canvas (a deleted skill, an agent outside a narrowed
 * graph) are left out — the node's badges say so.
 */
export function agentUseEdges(
  agentId: string,
  config: { tools?: readonly AgentToolEntryInput[]; skills?: readonly string[] },
  present: ReadonlySet<string>,
  pins: PinLookup,
): CanvasEdge[] {
  const source = agentNodeId(agentId);
  const edges: CanvasEdge[] = [];
  const seen = new Set<string>();
  const add = (edge: CanvasEdge) => {
    if (!present.has(edge.target) || seen.has(edge.id)) return;
    seen.add(edge.id);
    edges.push(edge);
  };
  for (const raw of config.tools ?? []) {
    const entry = normalizeEntry(raw);
    const target = entryNodeId(entry);
    const kind = "agentId" in entry ? "uses-agent" : "uses-tool";
    const pinnedVersion =
      "toolId" in entry
        ? entry.follow === "latest" || !entry.toolVersionId
          ? null
          : (pins.versionNumber(entry.toolVersionId) ?? null)
        : undefined;
    add({
      id: edgeId(source, target),
      source,
      target,
      kind,
      entry,
      ...(pinnedVersion !== undefined ? { pinnedVersion } : {}),
    });
  }
  for (const name of config.skills ?? []) {
    const target = skillNodeId(name);
    add({ id: edgeId(source, target), source, target, kind: "uses-skill" });
  }
  return edges;
}

/** An input entry as the schema reads it (an agent entry's `sideEffecting` defaults to false). */
export function normalizeEntry(entry: AgentToolEntryInput): AgentToolEntry {
  if ("agentId" in entry && !("toolId" in entry) && !("builtin" in entry) && !("mcpServerId" in entry))
    return { ...entry, sideEffecting: entry.sideEffecting ?? false } as AgentToolEntry;
  return entry as AgentToolEntry;
}

/** The node ids of a graph's nodes. */
export function nodeIdsOf(nodes: readonly CanvasNode[]): Set<string> {
  return new Set(nodes.map((n) => n.id));
}

/** Whether an edge is drawn from an agent's configuration (and so recomputed after an edit). */
export function isAgentUseEdge(edge: CanvasEdge): boolean {
  return edge.kind === "uses-tool" || edge.kind === "uses-agent" || edge.kind === "uses-skill";
}
