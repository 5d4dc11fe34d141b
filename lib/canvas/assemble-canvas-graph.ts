/**
 * The canvas graph from what the workspace holds (lib/canvas/README.md), without the database:
 * load-canvas-sources.ts reads the rows, this turns them into nodes, edges, badges and configs
 * (narrow-canvas-graph.shared.ts narrows it to one agent). Pure, so the graph's rules are unit-tested.
 */
import type { AgentInput } from "../agents/agent-input.shared";
import type { AgentToolEntry } from "../agents/agent-tools.shared";
import { connectionsNamed } from "../tools/tool-requirements.shared";
import type { AnalyzedTool } from "../tools/tool-analysis.shared";
import { agentUseEdges } from "./canvas-agent-edges.shared";
import {
  agentNodeId,
  builtinNodeId,
  connectionNodeId,
  edgeId,
  mcpServerNodeId,
  mcpToolNodeId,
  skillNodeId,
  toolNodeId,
  type CanvasBadge,
  type CanvasEdge,
  type CanvasGraph,
  type CanvasNode,
} from "./canvas-graph.shared";

export interface AgentSource {
  id: string;
  name: string;
  /** The version drawn (the latest, or the one a run ran). */
  version: number;
  description: string;
  /** "provider:model" of the model this version runs ("" when the stored config names none). */
  activeModel: string;
  rosterSize: number;
  autonomy: string;
  toolMode: "native" | "structured";
  runLimits: { requestLimit: number | null; toolCallsLimit: number | null; totalTokensLimit: number | null };
  labels: Record<string, number>;
  tools: AgentToolEntry[];
  skills: string[];
  /** The configuration as the form saves it; null when the stored one no longer parses. */
  config: AgentInput | null;
  /** Why `config` is null. */
  configError?: string;
}

export type ToolAnalysis = Partial<
  Pick<
    AnalyzedTool,
    | "name"
    | "description"
    | "sideEffecting"
    | "idempotent"
    | "requiresApproval"
    | "connections"
    | "availableWhen"
    | "templates"
  >
>;

export interface ToolVersionSource {
  id: string;
  version: number;
  hasErrors: boolean;
  /** Loaded for the newest version and the newest clean one (null otherwise, or with errors). */
  analysis: ToolAnalysis | null;
}

export interface ToolSource {
  id: string;
  name: string;
  /** Newest first. */
  versions: ToolVersionSource[];
}

export interface McpServerSource {
  id: string;
  name: string;
  status: string;
  lastError: string | null;
  tools: Array<{ name: string; description: string }>;
}

export interface SkillSource {
  name: string;
  description: string;
  /** The studio skill's active version; null for a directory skill. */
  version: number | null;
}

export interface CanvasSources {
  agents: AgentSource[];
  tools: ToolSource[];
  mcpServers: McpServerSource[];
  skills: SkillSource[];
  connections: string[];
}

const BUILTIN_LABEL = { memory: "memory", workspace: "workspace files" } as const;

function agentNode(a: AgentSource, skills: ReadonlySet<string>): CanvasNode {
  const badges: CanvasBadge[] = a.skills
    .filter((s) => !skills.has(s))
    .map((s) => ({
      kind: "missing-skill",
      message: `skill '${s}' no longer exists (or has no version whose SKILL.md parses)`,
    }));
  if (a.configError) badges.push({ kind: "invalid", message: a.configError });
  return {
    id: agentNodeId(a.id),
    kind: "agent",
    label: a.name,
    badges,
    data: {
      agentId: a.id,
      name: a.name,
      version: a.version,
      activeModel: a.activeModel,
      rosterSize: a.rosterSize,
      autonomy: a.autonomy,
      toolMode: a.toolMode,
      requestLimit: a.runLimits.requestLimit,
      toolCallsLimit: a.runLimits.toolCallsLimit,
      totalTokensLimit: a.runLimits.totalTokensLimit,
      labels: a.labels,
    },
  };
}

/** The newest version's analysis, else the newest clean one's (what the tool's flags and connections come from). */
function analysisOf(t: ToolSource): ToolAnalysis | null {
  return t.versions[0]?.analysis ?? t.versions.find((v) => !v.hasErrors)?.analysis ?? null;
}

function toolNode(t: ToolSource, pinnedBy: Map<string, string[]>, connections: ReadonlySet<string>): CanvasNode {
  const newest = t.versions[0];
  const clean = t.versions.find((v) => !v.hasErrors) ?? null;
  const analysis = analysisOf(t);
  const badges: CanvasBadge[] = [];
  if (newest?.hasErrors)
    badges.push({ kind: "definition-errors", message: `v${newest.version} has definition errors` });
  for (const v of t.versions) {
    const agents = pinnedBy.get(v.id);
    if (v.hasErrors && agents && v !== newest)
      badges.push({
        kind: "definition-errors",
        message: `v${v.version}, pinned by ${agents.map((n) => `'${n}'`).join(", ")}, has definition errors`,
      });
  }
  for (const name of analysis ? connectionsNamed(analysis) : [])
    if (!connections.has(name))
      badges.push({
        kind: "missing-connection",
        message: `needs the connection '${name}', which this workspace does not have`,
      });
  return {
    id: toolNodeId(t.id),
    kind: "tool",
    label: t.name,
    badges,
    data: {
      toolId: t.id,
      name: t.name,
      latestVersion: newest?.version ?? null,
      clean: newest !== undefined && !newest.hasErrors,
      newestCleanVersionId: clean?.id ?? null,
      newestCleanVersion: clean?.version ?? null,
      sideEffecting: analysis?.sideEffecting ?? false,
      requiresApproval: analysis?.requiresApproval ?? false,
      idempotent: analysis?.idempotent ?? false,
      description: analysis?.description ?? "",
    },
  };
}

/** Every node and edge of the workspace. */
export function assembleCanvasGraph(sources: CanvasSources): Omit<CanvasGraph, "positions"> {
  const skillNames = new Set(sources.skills.map((s) => s.name));
  const connectionNames = new Set(sources.connections);
  const pinnedBy = new Map<string, string[]>();
  for (const a of sources.agents)
    for (const e of a.tools)
      if ("toolId" in e && e.toolVersionId)
        pinnedBy.set(e.toolVersionId, [...(pinnedBy.get(e.toolVersionId) ?? []), a.name]);
  const nodes: CanvasNode[] = sources.agents.map((a) => agentNode(a, skillNames));
  const edges: CanvasEdge[] = [];
  const connectionEdges: CanvasEdge[] = [];
  const missingConnections: string[] = [];
  for (const t of sources.tools) {
    nodes.push(toolNode(t, pinnedBy, connectionNames));
    const analysis = analysisOf(t);
    for (const name of analysis ? connectionsNamed(analysis) : []) {
      if (!connectionNames.has(name) && !missingConnections.includes(name)) missingConnections.push(name);
      const source = toolNodeId(t.id);
      const target = connectionNodeId(name);
      connectionEdges.push({ id: edgeId(source, target), source, target, kind: "needs-connection" });
    }
  }
  // The built-in tool sets are always there to attach, used or not.
  for (const b of ["memory", "workspace"] as const)
    nodes.push({
      id: builtinNodeId(b),
      kind: "builtin",
      label: BUILTIN_LABEL[b],
      badges: [],
      data: { builtin: b, name: b },
    });
  const servedBy: CanvasEdge[] = [];
  for (const s of sources.mcpServers) {
    const serverId = mcpServerNodeId(s.id);
    nodes.push({
      id: serverId,
      kind: "mcp-server",
      label: s.name,
      badges:
        s.status === "error"
          ? [
              {
                kind: "server-unhealthy",
                message: s.lastError ? `the last check failed: ${s.lastError}` : "the last check failed",
              },
            ]
          : [],
      data: { serverId: s.id, name: s.name, status: s.status, lastError: s.lastError },
    });
    for (const tool of s.tools) {
      const id = mcpToolNodeId(s.id, tool.name);
      nodes.push({
        id,
        kind: "mcp-tool",
        label: tool.name,
        badges: [],
        data: { serverId: s.id, tool: tool.name, description: tool.description },
      });
      servedBy.push({ id: edgeId(id, serverId), source: id, target: serverId, kind: "served-by" });
    }
  }
  for (const s of sources.skills)
    nodes.push({ id: skillNodeId(s.name), kind: "skill", label: s.name, badges: [], data: { ...s } });
  for (const name of sources.connections)
    nodes.push({
      id: connectionNodeId(name),
      kind: "connection",
      label: name,
      badges: [],
      data: { name, exists: true },
    });
  for (const name of missingConnections)
    nodes.push({
      id: connectionNodeId(name),
      kind: "connection",
      label: name,
      badges: [
        {
          kind: "missing-connection",
          message: `a tool names the connection '${name}', which this workspace does not have`,
        },
      ],
      data: { name, exists: false },
    });
  const present = new Set(nodes.map((n) => n.id));
  const versionNumbers = new Map(sources.tools.flatMap((t) => t.versions.map((v) => [v.id, v.version] as const)));
  for (const a of sources.agents)
    edges.push(...agentUseEdges(a.id, a, present, { versionNumber: (id) => versionNumbers.get(id) }));
  const configs: Record<string, AgentInput> = {};
  for (const a of sources.agents) if (a.config) configs[a.id] = a.config;
  return { nodes, edges: [...edges, ...connectionEdges, ...servedBy], configs };
}
