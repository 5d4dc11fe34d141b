/**
 * The canvas graphs the API answers (lib/canvas/README.md): the workspace's (every agent at its
 * latest version, or narrowed to one agent) and a conversation's (its agent at the version it runs,
 * child agents at the versions their runs recorded), each with the workspace's dragged positions.
 * Node ids are the same in both, so positions and the run overlay find their nodes.
 */
import { DEFAULT_LABEL } from "../agents/agent-label.shared";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import type { SkillDirectoryRegistry } from "../skills/skill-directory-registry";
import { assembleCanvasGraph } from "./assemble-canvas-graph";
import { narrowCanvasGraph } from "./narrow-canvas-graph.shared";
import { readCanvasPositions } from "./canvas-positions";
import type { CanvasGraph } from "./canvas-graph.shared";
import { loadCanvasSources } from "./load-canvas-sources";

export interface BuildOptions {
  /** Narrow to this agent, what it uses (transitively) and the agents that use it. */
  agentId?: string;
  registry?: SkillDirectoryRegistry;
}

async function withPositions(db: Db, workspaceId: string, graph: Omit<CanvasGraph, "positions">): Promise<CanvasGraph> {
  const all = await readCanvasPositions(db, workspaceId);
  const ids = new Set(graph.nodes.map((n) => n.id));
  const positions = Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));
  return { ...graph, positions };
}

/** The workspace graph: every agent at its latest version (narrowed to `agentId` when given). */
export async function buildCanvasGraph(db: Db, options: BuildOptions = {}): Promise<CanvasGraph> {
  const workspaceId = await currentWorkspaceId(db);
  if (options.agentId !== undefined) {
    const agent = await db.agent.findFirst({ where: { id: options.agentId, workspaceId }, select: { id: true } });
    if (!agent) throw new NotFoundError(`No agent with id '${options.agentId}'.`, { agentId: options.agentId });
  }
  const graph = assembleCanvasGraph(await loadCanvasSources(db, workspaceId, { registry: options.registry }));
  return withPositions(db, workspaceId, options.agentId ? narrowCanvasGraph(graph, options.agentId) : graph);
}

export interface ConversationGraph {
  graph: CanvasGraph;
  conversationId: string;
  agentId: string;
  version: number;
}

/**
 * The graph of what a conversation runs: its agent at the version of its latest turn (before any:
 * the version its next turn runs), each child agent at the version its latest child run in this
 * conversation recorded, else the version a run would call it at now (its `production` label, else
 * its latest) — only the agent and what it uses.
 */
export async function buildConversationGraph(
  db: Db,
  conversationId: string,
  options: Pick<BuildOptions, "registry"> = {},
): Promise<ConversationGraph> {
  const workspaceId = await currentWorkspaceId(db);
  const conversation = await db.conversation.findFirst({
    where: { id: conversationId, workspaceId, deletedAt: null },
    select: { id: true, agentId: true, agentVersion: true },
  });
  if (!conversation) throw new NotFoundError(`No conversation with id '${conversationId}'.`, { conversationId });
  const [root, children, production] = await Promise.all([
    db.run.findFirst({
      where: { conversationId, parentRunId: null, agentId: conversation.agentId, agentVersion: { not: null } },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      select: { agentVersion: true },
    }),
    db.run.findMany({
      where: { conversationId, parentRunId: { not: null }, agentVersion: { not: null } },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      select: { agentId: true, agentVersion: true },
    }),
    db.agentLabel.findMany({ where: { label: DEFAULT_LABEL, agent: { workspaceId } } }),
  ]);
  const versions = new Map<string, number>(production.map((l) => [l.agentId, l.version]));
  const recorded = new Set<string>();
  for (const run of children)
    if (!recorded.has(run.agentId)) {
      recorded.add(run.agentId);
      versions.set(run.agentId, run.agentVersion!);
    }
  versions.set(conversation.agentId, root?.agentVersion ?? conversation.agentVersion);
  const sources = await loadCanvasSources(db, workspaceId, { versions, registry: options.registry });
  const graph = narrowCanvasGraph(assembleCanvasGraph(sources), conversation.agentId, { users: false });
  const node = graph.nodes.find((n) => n.kind === "agent" && n.data.agentId === conversation.agentId);
  if (node?.kind !== "agent") throw new NotFoundError(`The agent of conversation '${conversationId}' has no version.`);
  return {
    graph: await withPositions(db, workspaceId, graph),
    conversationId,
    agentId: conversation.agentId,
    version: node.data.version,
  };
}
