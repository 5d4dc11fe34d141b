/**
 * The definitions of the tools a run offered, as its agent version attached them: a saved tool at
 * the version the entry pins (or, for an entry following the latest, the version the run recorded
 * on its RunStarted), `memory`, another agent, an MCP tool. Descriptions written with tool-side
 * templates are rendered with the conversation's context values (connection values are not
 * recorded, so their templates show their fallbacks). Agents and MCP tools are read as they are
 * now (their definitions are not versioned with the run); `source` says so.
 */
import type { AgentToolEntry } from "../../../agents/agent-tools.shared";
import { AgentToolEntry as AgentToolEntrySchema } from "../../../agents/agent-tools.shared";
import { DEFAULT_LABEL } from "../../../agents/agent-label.shared";
import type { Db } from "../../../db/client";
import { MEMORY_TOOL } from "../../../tools/builtin/memory-tool";
import { WORKSPACE_TOOLS } from "../../../workspace-files/workspace-tools";
import { renderToolTemplate } from "../../../tools/description-template.shared";
import type { AnalyzedTool } from "../../../tools/tool-types";
import { AGENT_TOOL_PARAMETERS } from "../../engine/tools/agent-run-tool";
import type { OfferedToolView } from "./model-request.shared";

type Definition = Omit<OfferedToolView, "name">;

/** Sets the description at a JSON pointer (`/properties/city`) inside a copy of `root`. */
function withDescriptionAt(root: unknown, pointer: string, text: string): unknown {
  if (!root || typeof root !== "object") return root;
  const copy = structuredClone(root) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of pointer
    .split("/")
    .slice(1)
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"))) {
    const next = node[key];
    if (!next || typeof next !== "object") return root;
    node = next as Record<string, unknown>;
  }
  node.description = text;
  return copy;
}

function savedTool(tool: AnalyzedTool, version: number, context: Record<string, unknown>): [string, Definition] {
  let description = tool.description;
  let inputSchema: unknown = tool.parameters;
  if (tool.templates?.description) description = renderToolTemplate(tool.templates.description, { context }).text;
  for (const [pointer, text] of Object.entries(tool.templates?.parameters ?? {}))
    inputSchema = withDescriptionAt(inputSchema, pointer, renderToolTemplate(text, { context }).text);
  return [tool.name, { description, inputSchema, source: `saved tool v${version}` }];
}

/** The description an agent called as a tool is offered with (engine/tools/agent-run-tool.ts). */
function agentDescription(name: string, description: string): string {
  const d = description.trim();
  return d.length >= 30
    ? d
    : `Delegate a sub-task to the agent '${name}'${d ? `: ${d}` : "."} It answers with its final text.`;
}

async function definitionOf(
  db: Db,
  entry: AgentToolEntry,
  followed: ReadonlyMap<string, number>,
  context: Record<string, unknown>,
): Promise<[string, Definition] | null> {
  if ("builtin" in entry)
    return [
      MEMORY_TOOL.name,
      { description: MEMORY_TOOL.description, inputSchema: MEMORY_TOOL.parameters, source: "built-in" },
    ];
  if ("mcpServerId" in entry) {
    const server = await db.mcpServer.findUnique({
      where: { id: entry.mcpServerId },
      select: { id: true, name: true },
    });
    const tool = server
      ? await db.mcpTool.findUnique({ where: { serverId_name: { serverId: server.id, name: entry.tool } } })
      : null;
    if (!server || !tool) return null;
    const { $schema: _dialect, ...schema } = (tool.inputSchema ?? {}) as Record<string, unknown>;
    return [
      entry.as ?? tool.name,
      {
        description:
          tool.description.trim() || `${tool.title ?? tool.name} (a tool of the MCP server '${server.name}').`,
        inputSchema: { ...schema, type: "object" },
        source: `MCP server '${server.name}', as last discovered`,
      },
    ];
  }
  if ("agentId" in entry) {
    const agent = await db.agent.findUnique({
      where: { id: entry.agentId },
      select: {
        name: true,
        latestVersion: true,
        labels: { where: { label: DEFAULT_LABEL }, select: { version: true } },
      },
    });
    if (!agent) return null;
    const version = agent.labels[0]?.version ?? agent.latestVersion;
    const row = await db.agentVersion.findUnique({
      where: { agentId_version: { agentId: entry.agentId, version } },
      select: { config: true },
    });
    const description = String((row?.config as { description?: unknown } | null)?.description ?? "");
    return [
      agent.name,
      {
        description: agentDescription(agent.name, description),
        inputSchema: AGENT_TOOL_PARAMETERS,
        source: `agent '${agent.name}', its description as it is now`,
      },
    ];
  }
  const follows = entry.follow === "latest" ? followed.get(entry.toolId) : undefined;
  const row = entry.toolVersionId
    ? await db.toolVersion.findUnique({ where: { id: entry.toolVersionId } })
    : follows !== undefined
      ? await db.toolVersion.findUnique({ where: { toolId_version: { toolId: entry.toolId, version: follows } } })
      : await db.toolVersion.findFirst({
          where: { toolId: entry.toolId, hasErrors: false },
          orderBy: { version: "desc" },
        });
  if (!row?.analysis) return null;
  return savedTool(row.analysis as unknown as AnalyzedTool, row.version, context);
}

/**
 * The definitions of `names` (the tools a request offered) from the agent version's tool entries;
 * a name whose definition cannot be read any more (a deleted tool, server or agent) keeps its name
 * with a null description and schema.
 */
export async function offeredToolDefinitions(
  db: Db,
  options: {
    names: readonly string[];
    /** The version's configuration (its `tools` entries), as stored; null when unknown. */
    versionConfig: unknown;
    /** RunStarted.followedTools: the version each entry following the latest ran. */
    followedTools: ReadonlyArray<{ toolId: string; version: number }>;
    context: Record<string, unknown>;
  },
): Promise<OfferedToolView[]> {
  const raw = (options.versionConfig as { tools?: unknown } | null)?.tools;
  const entries = (Array.isArray(raw) ? raw : []).flatMap((e) => {
    const parsed = AgentToolEntrySchema.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
  const followed = new Map(options.followedTools.map((t) => [t.toolId, t.version]));
  const defs = new Map<string, Definition>();
  for (const entry of entries) {
    if ("builtin" in entry && entry.builtin === "workspace") {
      for (const t of WORKSPACE_TOOLS)
        if (!defs.has(t.name))
          defs.set(t.name, { description: t.description, inputSchema: t.parameters, source: "built-in (workspace)" });
      continue;
    }
    const def = await definitionOf(db, entry, followed, options.context);
    if (def && !defs.has(def[0])) defs.set(def[0], def[1]);
  }
  return options.names.map((name) => ({
    name,
    ...(defs.get(name) ?? {
      description: null,
      inputSchema: null,
      source: "not found: the tool, server or agent is no longer in the run's agent version as stored",
    }),
  }));
}
