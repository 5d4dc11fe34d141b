/**
 * Loads an agent for a run: its validated configuration and each tool as the run needs it — the
 * attached version of a saved tool (analysis and source), `memory`, another agent (its name
 * and description, which become the tool's), or an MCP tool as last discovered.
 *
 * An agent whose tools are all pinned versions or `memory` is kept after its first load and
 * served again while its row's `updatedAt` is unchanged: every save and model switch writes the
 * row, tool versions never change once written, and a tool in use cannot be deleted. So a turn
 * pays one small read instead of the agent, its tools, their versions and the config's
 * validation. Agents calling other agents, MCP tools or a tool's latest version depend on other
 * rows and are read in full each time.
 *
 * Loaded for a conversation, the agent runs with the model that conversation switched to, if any
 * (`Conversation.modelKey`, ../conversation-model.ts): one more small read.
 */
import type { AgentView } from "../../../agents/agent-view";
import { getAgent } from "../../../agents/read-agent";
import type { Db } from "../../../db/client";
import type { AnalyzedTool } from "../../../tools/tool-types";
import type { AgentLoader, AgentRecord, AgentToolRecord } from "../../engine/ports";
import { withConversationModel } from "../../engine/conversation-model";
import { AgentNotRunnableError } from "./agent-not-runnable-error";
import { loadMcpToolRecord } from "./load-mcp-tool-record";

/** How many agents one process keeps loaded (the least recently loaded goes first). */
const CACHED_AGENTS = 256;

export function createPrismaAgentLoader(db: Db): AgentLoader {
  const cache = new Map<string, { updatedAt: number; record: AgentRecord }>();
  const loadAgent = async (agentId: string): Promise<AgentRecord> => {
    const cached = cache.get(agentId);
    if (cached) {
      const row = await db.agent.findUnique({ where: { id: agentId }, select: { updatedAt: true } });
      if (row?.updatedAt.getTime() === cached.updatedAt) {
        cache.delete(agentId);
        cache.set(agentId, cached);
        return cached.record;
      }
      cache.delete(agentId);
    }
    // Kept only when read at least a millisecond after its last write, so that any later write
    // has a different `updatedAt`.
    const readAt = Date.now();
    const view = await getAgent(db, agentId);
    const record = await loadRecord(db, view);
    const selfContained = view.tools.every((r) => "builtin" in r || ("toolId" in r && r.toolVersionId));
    if (selfContained && readAt > Date.parse(view.updatedAt)) {
      cache.set(agentId, { updatedAt: Date.parse(view.updatedAt), record });
      if (cache.size > CACHED_AGENTS) cache.delete(cache.keys().next().value!);
    }
    return record;
  };
  return {
    async load(agentId, options) {
      const [record, conversation] = await Promise.all([
        loadAgent(agentId),
        options?.conversation ??
          (options?.conversationId
            ? db.conversation.findUnique({
                where: { id: options.conversationId },
                select: { agentId: true, modelKey: true },
              })
            : null),
      ]);
      // Only the conversation's own agent takes its model (agents it calls keep theirs).
      if (!conversation?.modelKey || conversation.agentId !== agentId) return record;
      return { ...record, config: withConversationModel(record.config, conversation.modelKey) };
    },
  };
}

async function loadRecord(db: Db, view: AgentView): Promise<AgentRecord> {
  const tools: AgentToolRecord[] = [];
  const pinned = view.tools.flatMap((r) => ("toolId" in r && r.toolVersionId ? [r.toolVersionId] : []));
  const versions = new Map(
    (pinned.length ? await db.toolVersion.findMany({ where: { id: { in: pinned } } }) : []).map((v) => [v.id, v]),
  );
  for (const ref of view.tools) {
    if ("builtin" in ref) tools.push({ kind: "builtin", builtin: "memory" });
    else if ("mcpServerId" in ref) {
      const record = await loadMcpToolRecord(db, view.name, ref);
      if ("notRunnable" in record) throw new AgentNotRunnableError(record.notRunnable);
      tools.push(record);
    } else if ("agentId" in ref) {
      const child = await db.agent.findUnique({
        where: { id: ref.agentId },
        select: { id: true, name: true, config: true },
      });
      if (!child)
        throw new AgentNotRunnableError(`Agent '${view.name}' calls an agent that no longer exists (${ref.agentId}).`);
      const description =
        typeof (child.config as { description?: unknown })?.description === "string"
          ? (child.config as { description: string }).description
          : "";
      tools.push({
        kind: "agent",
        agentId: child.id,
        name: child.name,
        description,
        sideEffecting: ref.sideEffecting,
      });
    } else {
      const pinnedVersion = ref.toolVersionId ? versions.get(ref.toolVersionId) : undefined;
      const version = ref.toolVersionId
        ? pinnedVersion && pinnedVersion.toolId === ref.toolId
          ? pinnedVersion
          : null
        : await db.toolVersion.findFirst({ where: { toolId: ref.toolId }, orderBy: { version: "desc" } });
      if (!version || version.hasErrors || !version.analysis) {
        throw new AgentNotRunnableError(
          `Agent '${view.name}' uses a tool version that cannot run (tool ${ref.toolId}); open the agent and pick a version without definition errors.`,
        );
      }
      tools.push({
        kind: "tool",
        toolId: ref.toolId,
        toolVersion: version.version,
        tool: version.analysis as unknown as AnalyzedTool,
        source: version.source,
      });
    }
  }
  const {
    id,
    name,
    description,
    tools: _refs,
    modelSwitches: _switches,
    createdAt: _c,
    updatedAt: _u,
    ...config
  } = view;
  return { id, name, description, config: { ...config, name, description, tools: view.tools }, tools };
}
