/**
 * Agents as tools must not call themselves, directly or through others: a cycle would recurse
 * until a budget ran out. Pure: the caller provides the "uses as a tool" edges stored today.
 */
export interface AgentEdge {
  from: string;
  to: string;
}

/**
 * The first cycle that `agentId` using `children` would close, as a path of ids
 * ([agentId, …, agentId]), or null when there is none.
 */
export function findAgentToolCycle(
  agentId: string,
  children: readonly string[],
  stored: readonly AgentEdge[],
): string[] | null {
  const next = new Map<string, string[]>();
  for (const e of stored) {
    if (e.from === agentId) continue; // this agent's edges are being replaced
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  next.set(agentId, [...children]);
  const visiting = new Set<string>();
  const walk = (node: string, path: string[]): string[] | null => {
    for (const child of next.get(node) ?? []) {
      if (child === agentId) return [...path, child];
      if (visiting.has(child)) continue;
      visiting.add(child);
      const found = walk(child, [...path, child]);
      if (found) return found;
    }
    return null;
  };
  return walk(agentId, [agentId]);
}

/**
 * The registry's message for a cycle ([agentId, child, …, agentId]) — the agent form's save and the
 * canvas both answer it: "using 'b' as a tool would create a cycle: a → b → a".
 */
export function agentToolCycleMessage(
  cycle: readonly string[],
  nameOf: (agentId: string) => string | undefined,
): string {
  const name = (id: string) => nameOf(id) ?? id;
  return `using '${name(cycle[1])}' as a tool would create a cycle: ${cycle.map(name).join(" → ")}`;
}
