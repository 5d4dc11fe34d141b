/**
 * Wiring edits on the canvas before a save (lib/canvas/README.md): whether a drag from one node to
 * another may attach it, the configurations after attaching or detaching, which agents changed, and
 * the graph redrawn from the edited configurations. Pure and browser-safe; the configurations are
 * the graph's `configs` (AgentInput, as the form saves them), so a save sends them as they are.
 *
 * The checks here are the ones the browser can make (the same rules and messages as the form's
 * save); the server checks everything again on save (save-canvas.ts).
 */
import type { AgentInput } from "../agents/agent-input.shared";
import type { AgentToolEntryInput } from "../agents/agent-tools.shared";
import { agentToolCycleMessage, findAgentToolCycle, type AgentEdge } from "../agents/check-agent-tool-cycles.shared";
import { agentUseEdges, entryNodeId, isAgentUseEdge, nodeIdsOf } from "./canvas-agent-edges.shared";
import { agentNodeId, skillNodeId, type CanvasEdge, type CanvasGraph, type CanvasNode } from "./canvas-graph.shared";

/**
 * Agent configurations by agent id: the graph's `configs`. Typed on the input side (what a save
 * sends); the functions keep the caller's own type, so `graph.configs` goes in and comes out as is.
 */
export type CanvasConfigs = Record<string, AgentInput>;
export type ConnectCheck = { ok: true } | { ok: false; reason: string };

const ATTACHABLE = new Set<CanvasNode["kind"]>(["tool", "builtin", "mcp-tool", "agent", "skill"]);

function nodeOf(graph: Pick<CanvasGraph, "nodes">, id: string): CanvasNode | undefined {
  return graph.nodes.find((n) => n.id === id);
}

function agentName(graph: Pick<CanvasGraph, "nodes">, configs: CanvasConfigs, agentId: string): string {
  const config = configs[agentId];
  if (config?.name) return config.name;
  const node = nodeOf(graph, agentNodeId(agentId));
  return node?.kind === "agent" ? node.data.name : agentId;
}

/** The "uses as a tool" edges among agents in the edited configurations. */
function agentEdgesOf(configs: CanvasConfigs): AgentEdge[] {
  return Object.entries(configs).flatMap(([from, c]) =>
    (c.tools ?? []).flatMap((e) => ("agentId" in e ? [{ from, to: e.agentId }] : [])),
  );
}

/** Whether a drag from `sourceNodeId` to `targetNodeId` may attach the target to that agent. */
export function canConnect(
  graph: Pick<CanvasGraph, "nodes">,
  configs: CanvasConfigs,
  sourceNodeId: string,
  targetNodeId: string,
): ConnectCheck {
  const source = nodeOf(graph, sourceNodeId);
  const target = nodeOf(graph, targetNodeId);
  if (!source || !target) return { ok: false, reason: "that node is not on the canvas" };
  if (source.kind !== "agent")
    return { ok: false, reason: "drag from an agent to attach a tool, skill or agent to it" };
  if (!ATTACHABLE.has(target.kind))
    return { ok: false, reason: `a ${target.kind.replace("-", " ")} cannot be attached to an agent` };
  const config = configs[source.data.agentId];
  if (!config) return { ok: false, reason: `the configuration of '${source.data.name}' is not loaded` };
  const self = agentName(graph, configs, source.data.agentId);
  if (target.kind === "skill") {
    if ((config.skills ?? []).includes(target.data.name))
      return { ok: false, reason: `"${target.data.name}" is already attached` };
    return { ok: true };
  }
  const position = (config.tools ?? []).findIndex((e) => entryNodeId(e) === target.id);
  if (position >= 0) return { ok: false, reason: `this tool is already listed at position ${position + 1}` };
  if (target.kind === "tool") {
    if (target.data.newestCleanVersionId) return { ok: true };
    return {
      ok: false,
      reason:
        target.data.latestVersion === null
          ? `tool '${target.data.name}' has no saved version yet`
          : `tool '${target.data.name}' v${target.data.latestVersion} has definition errors; fix them in the Tool Studio before attaching it`,
    };
  }
  if (target.kind === "agent") {
    const selfId = source.data.agentId;
    if (target.data.agentId === selfId) return { ok: false, reason: "an agent cannot use itself as a tool" };
    const children = [...(config.tools ?? []).flatMap((e) => ("agentId" in e ? [e.agentId] : [])), target.data.agentId];
    const cycle = findAgentToolCycle(selfId, children, agentEdgesOf(configs));
    if (cycle)
      return {
        ok: false,
        reason: agentToolCycleMessage(cycle, (id) => (id === selfId ? self : agentName(graph, configs, id))),
      };
  }
  return { ok: true };
}

/**
 * The configurations with the target attached to the agent: a tool pinned to its newest version
 * without definition errors (as the form pins it), a built-in, an MCP tool, another agent (not
 * side-effecting) or a skill. Throws when `canConnect` refuses (check it first).
 */
export function attachToAgent<C extends CanvasConfigs>(
  graph: Pick<CanvasGraph, "nodes">,
  configs: C,
  agentId: string,
  targetNodeId: string,
): C {
  const check = canConnect(graph, configs, agentNodeId(agentId), targetNodeId);
  if (!check.ok) throw new Error(check.reason);
  const target = nodeOf(graph, targetNodeId)!;
  const config = configs[agentId];
  if (target.kind === "skill")
    return { ...configs, [agentId]: { ...config, skills: [...(config.skills ?? []), target.data.name] } } as C;
  let entry: AgentToolEntryInput;
  if (target.kind === "tool") entry = { toolId: target.data.toolId, toolVersionId: target.data.newestCleanVersionId! };
  else if (target.kind === "builtin") entry = { builtin: target.data.builtin };
  else if (target.kind === "mcp-tool") entry = { mcpServerId: target.data.serverId, tool: target.data.tool };
  else if (target.kind === "agent") entry = { agentId: target.data.agentId, sideEffecting: false };
  else throw new Error(`a ${target.kind} cannot be attached to an agent`);
  return { ...configs, [agentId]: { ...config, tools: [...(config.tools ?? []), entry] } } as C;
}

/** The configurations without what the edge attaches (a uses-tool, uses-agent or uses-skill edge). */
export function detachEdge<C extends CanvasConfigs>(
  configs: C,
  edge: Pick<CanvasEdge, "source" | "target" | "kind">,
): C {
  if (!edge.source.startsWith("agent:")) return configs;
  const agentId = edge.source.slice("agent:".length);
  const config = configs[agentId];
  if (!config) return configs;
  if (edge.kind === "uses-skill") {
    const skills = (config.skills ?? []).filter((name) => skillNodeId(name) !== edge.target);
    return { ...configs, [agentId]: { ...config, skills } } as C;
  }
  if (edge.kind !== "uses-tool" && edge.kind !== "uses-agent") return configs;
  const tools = (config.tools ?? []).filter((e) => entryNodeId(e) !== edge.target);
  return { ...configs, [agentId]: { ...config, tools } } as C;
}

/** Deep equality of JSON values (object key order ignored; an undefined property counts as absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = (o: object) =>
      Object.keys(o)
        .filter((k) => (o as Record<string, unknown>)[k] !== undefined)
        .sort();
    const ka = keys(a);
    const kb = keys(b);
    if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
    return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** The agents whose configuration differs between the two (in `after`'s order, then removed ones). */
export function changedAgentIds(before: CanvasConfigs, after: CanvasConfigs): string[] {
  const ids = [...Object.keys(after), ...Object.keys(before).filter((id) => !(id in after))];
  return ids.filter((id) => !sameJson(before[id], after[id]));
}

/**
 * The graph drawn from edited configurations: each edited agent's uses-* edges recomputed (pins
 * shown with the version numbers the graph knows), everything else as it was.
 */
export function graphWithConfigs(graph: CanvasGraph, configs: CanvasConfigs): CanvasGraph {
  const numbers = new Map<string, number>();
  for (const e of graph.edges)
    if (e.entry && "toolId" in e.entry && e.entry.toolVersionId && typeof e.pinnedVersion === "number")
      numbers.set(e.entry.toolVersionId, e.pinnedVersion);
  for (const n of graph.nodes)
    if (n.kind === "tool" && n.data.newestCleanVersionId && typeof n.data.newestCleanVersion === "number")
      numbers.set(n.data.newestCleanVersionId, n.data.newestCleanVersion);
  const present = nodeIdsOf(graph.nodes);
  const edited = new Set(Object.keys(configs).map(agentNodeId));
  const kept = graph.edges.filter((e) => !(isAgentUseEdge(e) && edited.has(e.source)));
  const drawn = Object.entries(configs).flatMap(([agentId, config]) =>
    present.has(agentNodeId(agentId))
      ? agentUseEdges(agentId, config, present, { versionNumber: (id) => numbers.get(id) })
      : [],
  );
  return { ...graph, edges: [...kept, ...drawn], configs };
}
