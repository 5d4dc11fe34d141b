/**
 * What the canvas graph is drawn from, read from the database (assemble-canvas-graph.ts draws it):
 * every agent of the workspace at a chosen version (its latest unless told), its labels and its
 * configuration as the form saves it; every authored tool with its versions; every MCP server with
 * its imported tools; every skill an agent can attach (studio skills with a version whose SKILL.md
 * parses, and directory skills); every connection.
 */
import { AgentConfigError } from "../agents/agent-config-error";
import { activeModelOf, type VersionConfig } from "../agents/agent-version-config.shared";
import type { AgentWideState } from "../agents/agent-view";
import { toAgentView } from "../agents/read-agent";
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { modelRosterKey } from "../models/providers.shared";
import { skillDirectories, type SkillDirectoryRegistry } from "../skills/skill-directory-registry";
import type { AgentSource, CanvasSources, SkillSource, ToolAnalysis, ToolSource } from "./assemble-canvas-graph";
import { configOfView } from "./canvas-config-of-view.shared";

export interface LoadOptions {
  /** The version to draw per agent id (else its latest; a version that does not exist: its latest). */
  versions?: ReadonlyMap<string, number>;
  registry?: SkillDirectoryRegistry;
}

async function loadAgents(db: Db, workspaceId: string, versions: ReadonlyMap<string, number>): Promise<AgentSource[]> {
  const rows = await db.agent.findMany({ where: { workspaceId }, orderBy: { name: "asc" }, include: { labels: true } });
  if (!rows.length) return [];
  const wanted = rows.map((r) => ({ agentId: r.id, version: versions.get(r.id) ?? r.latestVersion }));
  const found = await db.agentVersion.findMany({
    where: { OR: [...wanted, ...rows.map((r) => ({ agentId: r.id, version: r.latestVersion }))] },
  });
  const byKey = new Map(found.map((v) => [`${v.agentId}:${v.version}`, v]));
  const out: AgentSource[] = [];
  for (const row of rows) {
    const version =
      byKey.get(`${row.id}:${versions.get(row.id) ?? row.latestVersion}`) ??
      byKey.get(`${row.id}:${row.latestVersion}`);
    if (!version) continue;
    const stored = readJsonColumn<Partial<VersionConfig> | null>(version.config) ?? {};
    const wide = readJsonColumn<Partial<AgentWideState> | null>(row.config) ?? {};
    let activeModel = "";
    try {
      activeModel = modelRosterKey(
        activeModelOf({ model: stored.model, roster: stored.roster ?? [] }, wide.model ?? null),
      );
    } catch {
      activeModel = "";
    }
    let config: AgentSource["config"] = null;
    let configError: string | undefined;
    try {
      config = configOfView(toAgentView(row, version));
    } catch (err) {
      if (!AgentConfigError.is(err)) throw err;
      configError = err.message;
    }
    const limits = stored.runLimits;
    out.push({
      id: row.id,
      name: row.name,
      version: version.version,
      description: stored.description ?? "",
      activeModel,
      rosterSize: stored.roster?.length ?? 0,
      autonomy: stored.autonomy ?? "auto",
      toolMode: stored.toolMode ?? "native",
      runLimits: {
        requestLimit: limits?.requestLimit ?? null,
        toolCallsLimit: limits?.toolCallsLimit ?? null,
        totalTokensLimit: limits?.totalTokensLimit ?? null,
      },
      labels: Object.fromEntries(row.labels.map((l) => [l.label, l.version])),
      tools: stored.tools ?? [],
      skills: stored.skills ?? [],
      config,
      ...(configError ? { configError } : {}),
    });
  }
  return out;
}

async function loadTools(db: Db, workspaceId: string): Promise<ToolSource[]> {
  const tools = await db.tool.findMany({
    where: { workspaceId },
    orderBy: { name: "asc" },
    include: {
      versions: { orderBy: { version: "desc" }, select: { id: true, version: true, hasErrors: true } },
    },
  });
  // The analysis of the newest version and of the newest clean one (flags, description, connections).
  const wanted = tools.flatMap((t) => {
    const ids = [t.versions[0]?.id, t.versions.find((v) => !v.hasErrors)?.id];
    return [...new Set(ids.filter((id): id is string => id !== undefined))];
  });
  const analysed = wanted.length
    ? await db.toolVersion.findMany({ where: { id: { in: wanted } }, select: { id: true, analysis: true } })
    : [];
  const analysisById = new Map(analysed.map((v) => [v.id, readJsonColumn<ToolAnalysis | null>(v.analysis)]));
  return tools.map((t) => ({
    id: t.id,
    name: t.name,
    versions: t.versions.map((v) => ({ ...v, analysis: analysisById.get(v.id) ?? null })),
  }));
}

async function loadSkills(db: Db, workspaceId: string, registry: SkillDirectoryRegistry): Promise<SkillSource[]> {
  const rows = await db.skill.findMany({
    where: { workspaceId, activeVersion: { not: null } },
    orderBy: { name: "asc" },
  });
  const versions = rows.length
    ? await db.skillVersion.findMany({
        where: { OR: rows.map((r) => ({ skillId: r.id, version: r.activeVersion! })) },
        select: { skillId: true, description: true },
      })
    : [];
  const description = new Map(versions.map((v) => [v.skillId, v.description]));
  const skills: SkillSource[] = rows.map((r) => ({
    name: r.name,
    description: description.get(r.id) ?? "",
    version: r.activeVersion,
  }));
  await registry.ready();
  const studio = new Set(skills.map((s) => s.name));
  for (const d of registry.list())
    if (!studio.has(d.name)) skills.push({ name: d.name, description: d.description, version: null });
  return skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function loadCanvasSources(
  db: Db,
  workspaceId: string,
  options: LoadOptions = {},
): Promise<CanvasSources> {
  const [agents, tools, servers, skills, connections] = await Promise.all([
    loadAgents(db, workspaceId, options.versions ?? new Map()),
    loadTools(db, workspaceId),
    db.mcpServer.findMany({
      where: { workspaceId },
      orderBy: { name: "asc" },
      include: { tools: { orderBy: { name: "asc" }, select: { name: true, description: true } } },
    }),
    loadSkills(db, workspaceId, options.registry ?? skillDirectories()),
    db.connection.findMany({ where: { workspaceId }, orderBy: { name: "asc" }, select: { name: true } }),
  ]);
  return {
    agents,
    tools,
    mcpServers: servers.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      lastError: s.lastError,
      tools: s.tools,
    })),
    skills,
    connections: connections.map((c) => c.name),
  };
}
