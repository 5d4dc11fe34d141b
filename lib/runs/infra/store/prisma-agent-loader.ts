/**
 * Loads an agent for a run: the configuration of the version it runs and each tool as the run
 * needs it — the attached version of a saved tool (analysis and source; a tool following the
 * latest takes its newest version without definition errors now), `memory`, another agent (its
 * name, its description and the version its runs take: its `production`, the latest while unset,
 * as of this load), or an MCP tool as last discovered.
 *
 * Which version: the one asked for (a resumed run keeps its own); for a run of a conversation's own
 * agent, the version the conversation is pinned to (with the model that conversation switched to,
 * if any: `Conversation.modelKey`, ../../engine/conversation-model.ts); otherwise `production`.
 *
 * Versions never change once written, so a version whose tools are all pinned versions or
 * `memory` is kept after its first load and served again while the agent row's `updatedAt` is
 * unchanged (the agent-wide state — name, lifetime limits, active model — lives there, and every
 * save, switch and label move writes it). A turn then pays one small read instead of the agent,
 * its version, its tools and the config's validation. Versions calling other agents, MCP tools or
 * a tool's latest version depend on other rows and are read in full each time.
 */
import { DEFAULT_LABEL } from "../../../agents/agent-label.shared";
import type { AgentView } from "../../../agents/agent-view";
import { getAgent } from "../../../agents/read-agent";
import type { Db } from "../../../db/client";
import type { AnalyzedTool } from "../../../tools/tool-types";
import type { AgentLoader, AgentRecord, AgentToolRecord } from "../../engine/ports";
import { withConversationModel } from "../../engine/conversation-model";
import { AgentNotRunnableError } from "./agent-not-runnable-error";
import { loadMcpToolRecord } from "./load-mcp-tool-record";
import { resolveAgentSkills } from "../../../skills/resolve-agent-skills";
import { skillDirectories, type SkillDirectoryRegistry } from "../../../skills/skill-directory-registry";

/** How many agent versions one process keeps loaded (the least recently loaded goes first). */
const CACHED_AGENTS = 256;

/** The version `production` points at, or the latest while it is unset. */
async function productionVersion(db: Db, agentId: string): Promise<number | null> {
  const row = await db.agent.findUnique({
    where: { id: agentId },
    select: { latestVersion: true, labels: { where: { label: DEFAULT_LABEL }, select: { version: true } } },
  });
  return row ? (row.labels[0]?.version ?? row.latestVersion) : null;
}

export function createPrismaAgentLoader(db: Db, skills: SkillDirectoryRegistry = skillDirectories()): AgentLoader {
  const cache = new Map<string, { updatedAt: number; record: AgentRecord }>();
  const loadAgent = async (agentId: string, version: number | undefined): Promise<AgentRecord> => {
    const key = `${agentId}@${version ?? "production"}`;
    const cached = version !== undefined ? cache.get(key) : undefined;
    if (cached) {
      // A raw read: a quarter of the model query's CPU (this runs at the head of every turn).
      const rows = await db.$queryRaw<Array<{ updatedAt: Date | string }>>`
        SELECT "updatedAt" FROM "Agent" WHERE "id" = ${agentId}`;
      if (rows.length && new Date(rows[0].updatedAt).getTime() === cached.updatedAt) {
        cache.delete(key);
        cache.set(key, cached);
        return cached.record;
      }
      cache.delete(key);
    }
    const n = version ?? (await productionVersion(db, agentId)) ?? undefined;
    // Kept only when read at least a millisecond after its last write, so that any later write
    // has a different `updatedAt`.
    const readAt = Date.now();
    const view = await getAgent(db, agentId, n);
    const record = await loadRecord(db, view);
    const selfContained = view.tools.every((r) => "builtin" in r || ("toolId" in r && r.toolVersionId));
    if (version !== undefined && selfContained && readAt > Date.parse(view.updatedAt)) {
      cache.set(key, { updatedAt: Date.parse(view.updatedAt), record });
      if (cache.size > CACHED_AGENTS) cache.delete(cache.keys().next().value!);
    }
    return record;
  };
  return {
    async load(agentId, options) {
      const conversation =
        options?.conversation ??
        (options?.conversationId
          ? await db.conversation.findUnique({
              where: { id: options.conversationId },
              select: { agentId: true, modelKey: true, agentVersion: true },
            })
          : null);
      // Only the conversation's own agent takes its version and model (agents it calls keep theirs).
      const own = conversation?.agentId === agentId ? conversation : null;
      const loaded = await loadAgent(agentId, options?.version ?? own?.agentVersion);
      // Attached skills: each one's active version now (never cached: a save activates a new one).
      const names = loaded.config.skills ?? [];
      const record = names.length ? { ...loaded, skills: await resolveAgentSkills(db, skills, names) } : loaded;
      if (!own?.modelKey) return record;
      return { ...record, config: withConversationModel(record.config, own.modelKey) };
    },
  };
}

async function loadRecord(db: Db, view: AgentView): Promise<AgentRecord> {
  const tools: AgentToolRecord[] = [];
  const followedTools: NonNullable<AgentRecord["followedTools"]> = [];
  const pinned = view.tools.flatMap((r) => ("toolId" in r && r.toolVersionId ? [r.toolVersionId] : []));
  const versions = new Map(
    (pinned.length ? await db.toolVersion.findMany({ where: { id: { in: pinned } } }) : []).map((v) => [v.id, v]),
  );
  for (const ref of view.tools) {
    // Each record carries its entry's own availability (AND-ed with the tool's when it runs).
    const push = (record: AgentToolRecord) => tools.push({ ...record, availableWhen: ref.availableWhen ?? null });
    if ("builtin" in ref)
      push(
        ref.builtin === "workspace"
          ? { kind: "builtin", builtin: "workspace", scope: ref.scope ?? "conversation" }
          : { kind: "builtin", builtin: "memory" },
      );
    else if ("mcpServerId" in ref) {
      const record = await loadMcpToolRecord(db, view.name, ref);
      if ("notRunnable" in record) throw new AgentNotRunnableError(record.notRunnable);
      push(record);
    } else if ("agentId" in ref) {
      const child = await db.agent.findUnique({ where: { id: ref.agentId }, select: { id: true, name: true } });
      const childVersion = child ? await productionVersion(db, child.id) : null;
      if (!child || childVersion === null)
        throw new AgentNotRunnableError(`Agent '${view.name}' calls an agent that no longer exists (${ref.agentId}).`);
      const childView = await getAgent(db, child.id, childVersion);
      push({
        kind: "agent",
        agentId: child.id,
        agentVersion: childVersion,
        name: child.name,
        description: childView.description,
        sideEffecting: ref.sideEffecting,
      });
    } else {
      const pinnedVersion = ref.toolVersionId ? versions.get(ref.toolVersionId) : undefined;
      const version = ref.toolVersionId
        ? pinnedVersion && pinnedVersion.toolId === ref.toolId
          ? pinnedVersion
          : null
        : ref.follow === "latest"
          ? await db.toolVersion.findFirst({
              where: { toolId: ref.toolId, hasErrors: false },
              orderBy: { version: "desc" },
            })
          : await db.toolVersion.findFirst({ where: { toolId: ref.toolId }, orderBy: { version: "desc" } });
      if (!version || version.hasErrors || !version.analysis) {
        throw new AgentNotRunnableError(
          `Agent '${view.name}' v${view.version} uses a tool version that cannot run (tool ${ref.toolId}); open the agent and pick a version without definition errors.`,
        );
      }
      const tool = version.analysis as unknown as AnalyzedTool;
      if (ref.follow === "latest")
        followedTools.push({ toolId: ref.toolId, name: tool.name, version: version.version });
      push({ kind: "tool", toolId: ref.toolId, toolVersion: version.version, tool, source: version.source });
    }
  }
  const {
    id,
    name,
    description,
    version,
    tools: _refs,
    modelSwitches: _switches,
    createdAt: _c,
    updatedAt: _u,
    ...config
  } = view;
  return {
    id,
    name,
    description,
    version,
    config: { ...config, name, description, tools: view.tools },
    tools,
    ...(followedTools.length ? { followedTools } : {}),
  };
}
