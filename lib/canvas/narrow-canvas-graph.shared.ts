/**
 * The graph around one agent (browser-safe): the server answers `GET /api/canvas?agentId=` with it,
 * and an agent's Canvas tab draws its edited wiring with it, so something attached there appears
 * at once.
 */
import { agentNodeId, type CanvasGraph } from "./canvas-graph.shared";

/**
 * The graph around one agent: the agent, everything it uses (transitively: agents, tools, skills,
 * MCP tools and their servers, connections), and every agent that uses it, directly or not (unless
 * `users: false`).
 */
export function narrowCanvasGraph<G extends Omit<CanvasGraph, "positions">>(
  graph: G,
  agentId: string,
  options: { users?: boolean } = {},
): G {
  const root = agentNodeId(agentId);
  const out = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  for (const e of graph.edges) {
    out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
    into.set(e.target, [...(into.get(e.target) ?? []), e.source]);
  }
  const keep = new Set<string>([root]);
  const walk = (from: string, next: Map<string, string[]>, onlyAgents: boolean) => {
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      for (const n of next.get(id) ?? []) {
        if (keep.has(n) || (onlyAgents && !n.startsWith("agent:"))) continue;
        keep.add(n);
        stack.push(n);
      }
    }
  };
  walk(root, out, false);
  if (options.users !== false) walk(root, into, true);
  const nodes = graph.nodes.filter((n) => keep.has(n.id));
  const edges = graph.edges.filter((e) => keep.has(e.source) && keep.has(e.target));
  const configs = Object.fromEntries(Object.entries(graph.configs).filter(([id]) => keep.has(agentNodeId(id))));
  return { ...graph, nodes, edges, configs };
}
