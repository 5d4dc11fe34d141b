/**
 * Importing an agent file (docs/agent-file.md): recreates its tools, the agents it calls (before
 * the agents calling them) and the agent itself in this studio, in one transaction. Everything is
 * checked before the first write: the file's references (tool sources, agents, MCP servers by
 * name), each agent's configuration, and each source to save (analysed). Saves go through the
 * stores' own paths: tools through `createTool`/`saveToolVersion` (analysed), agents through
 * `createAgent`/`updateAgent` (an agent of the same name gets a new version — none when equal to
 * its latest — and its labels are untouched). Problems are zod issues at the file's paths (400);
 * `exact` refuses a differing tool source with 409 `conflict` naming the tools.
 */
import { ZodError } from "zod";
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import type { AnalyzeSource } from "../tool-store/save-tool";
import { AgentFile, type AgentFileAgent, type AgentFileToolEntry } from "./agent-file.shared";
import { AgentInput } from "./agent-input.shared";
import type { AgentToolEntry } from "./agent-tools.shared";
import type { Tx } from "./live-tool-rows";
import { createAgent, updateAgent } from "./save-agent";
import {
  applyToolPlans,
  checkPendingSources,
  collectToolNeeds,
  issue,
  memoised,
  planTools,
  toolKey,
  type ImportedTool,
  type Issue,
  type Path,
  type ToolKey,
} from "./import-agent-tools";

export type { ImportedTool } from "./import-agent-tools";

export interface ImportOptions {
  actor: Principal;
  /** The analyser every tool save uses (the route passes the server's, within the caller's budget). */
  analyze: AnalyzeSource;
  /** Refuse (409) instead of saving a new version when a tool's source differs from every version here. */
  exact?: boolean;
}

export interface ImportedAgent {
  name: string;
  agentId: string;
  version: number;
  /** False: an agent of that name was here (a new version was saved, or none when equal to its latest). */
  created: boolean;
}

export interface ImportResult extends ImportedAgent {
  /** Every agent written, dependencies first (the file's agent last). */
  agents: ImportedAgent[];
  tools: ImportedTool[];
}

export interface DocAgent {
  agent: AgentFileAgent;
  path: Path;
}

/** Issues of a nested check, moved under the file's path of the agent they are about. */
function under(path: Path, issues: readonly Issue[]): Issue[] {
  return issues.map((i) => ({ ...i, path: [...path, ...i.path] }) as Issue);
}

/** The file's agents, each after the agents it calls (a cycle, or a name listed twice, is an issue). */
export function dependencyOrder(agents: DocAgent[], issues: Issue[]): DocAgent[] {
  const byName = new Map<string, DocAgent>();
  for (const a of agents) {
    if (byName.has(a.agent.name))
      issues.push(issue([...a.path, "name"], `the file holds the agent '${a.agent.name}' twice`));
    else byName.set(a.agent.name, a);
  }
  const order: DocAgent[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (a: DocAgent, trail: string[]) => {
    const name = a.agent.name;
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      const cycle = [...trail.slice(trail.indexOf(name)), name].join(" → ");
      issues.push(issue([...a.path, "tools"], `the file's agents call each other in a cycle: ${cycle}`));
      return;
    }
    state.set(name, "visiting");
    for (const entry of a.agent.tools) {
      const child = "agent" in entry ? byName.get(entry.agent) : undefined;
      if (child) visit(child, [...trail, name]);
    }
    state.set(name, "done");
    order.push(a);
  };
  for (const a of byName.values()) visit(a, []);
  return order;
}

/** What the file names outside itself: agents not in the file, and MCP servers, by name in this studio. */
async function resolveNames(db: Db, workspaceId: string, agents: DocAgent[], issues: Issue[]) {
  const inFile = new Set(agents.map((a) => a.agent.name));
  const agentIds = new Map<string, string>();
  const servers = new Map<string, string>();
  for (const { agent, path } of agents)
    for (const [i, entry] of agent.tools.entries()) {
      if ("agent" in entry && !inFile.has(entry.agent) && !agentIds.has(entry.agent)) {
        const found = await db.agent.findFirst({ where: { workspaceId, name: entry.agent }, select: { id: true } });
        if (found) agentIds.set(entry.agent, found.id);
        else
          issues.push(
            issue(
              [...path, "tools", i, "agent"],
              `no agent named '${entry.agent}' in the file or in this studio; export the agent with the agents it calls`,
            ),
          );
      } else if ("mcpServer" in entry && !servers.has(entry.mcpServer)) {
        const found = await db.mcpServer.findFirst({
          where: { workspaceId, name: entry.mcpServer },
          select: { id: true },
        });
        if (found) servers.set(entry.mcpServer, found.id);
        else
          issues.push(
            issue(
              [...path, "tools", i, "mcpServer"],
              `no MCP server named '${entry.mcpServer}' in this studio; add it (Settings → MCP servers) before importing`,
            ),
          );
      }
    }
  return { agentIds, servers };
}

/** The agent's JSON for `createAgent`/`updateAgent` (its tools still to be resolved to ids). */
function agentInput(agent: AgentFileAgent, tools: AgentToolEntry[]): unknown {
  const { tools: _file, ...config } = agent;
  return { ...config, tools };
}

function entryIn(
  entry: AgentFileToolEntry,
  tools: Map<ToolKey, { toolId: string; toolVersionId: string }>,
  agentIds: Map<string, string>,
  servers: Map<string, string>,
): AgentToolEntry {
  if ("builtin" in entry) return { builtin: entry.builtin, ...(entry.scope ? { scope: entry.scope } : {}) };
  if ("mcpServer" in entry)
    return { mcpServerId: servers.get(entry.mcpServer)!, tool: entry.tool, ...(entry.as ? { as: entry.as } : {}) };
  if ("agent" in entry) return { agentId: agentIds.get(entry.agent)!, sideEffecting: entry.sideEffecting };
  const at = tools.get(toolKey(entry.tool, entry.sourceHash))!;
  return entry.follow === "latest" ? { toolId: at.toolId, follow: "latest" } : at;
}

/**
 * A client that runs inside the import's transaction, and whose own `$transaction` (the stores
 * open one to save) runs in it too: a failing save undoes the whole import.
 */
function inTransaction(tx: Tx): Db {
  const db: Db = new Proxy(tx, {
    get: (target, prop) =>
      prop === "$transaction" ? (fn: (inner: Db) => unknown) => fn(db) : Reflect.get(target, prop, target),
  }) as unknown as Db;
  return db;
}

/** Imports `input` (an agent file, parsed here again when it was not) and answers the agent written. */
export async function importAgent(db: Db, input: unknown, options: ImportOptions): Promise<ImportResult> {
  const file = AgentFile.parse(input);
  const workspaceId = await currentWorkspaceId(db);
  const analyze = memoised(options.analyze);
  const issues: Issue[] = [];
  const docAgents: DocAgent[] = [
    ...file.agents.map((agent, i) => ({ agent, path: ["agents", i] })),
    { agent: file.agent, path: ["agent"] },
  ];
  const order = dependencyOrder(docAgents, issues);
  const needs = collectToolNeeds(file, docAgents, issues);
  const { agentIds, servers } = await resolveNames(db, workspaceId, docAgents, issues);
  for (const { agent, path } of docAgents) {
    const parsed = AgentInput.safeParse(agentInput(agent, []));
    if (!parsed.success) issues.push(...under(path, parsed.error.issues));
  }
  if (issues.length) throw new ZodError(issues);
  const plans = await planTools(db, workspaceId, needs, options.exact ?? false);
  await checkPendingSources(plans, analyze, issues);
  if (issues.length) throw new ZodError(issues);

  const by = { id: options.actor.id, name: options.actor.name };
  const result = await db.$transaction(
    async (tx) => {
      const tdb = inTransaction(tx);
      const { resolved, report } = await applyToolPlans(tdb, plans, options.actor, analyze);
      const written: ImportedAgent[] = [];
      for (const { agent, path } of order) {
        const tools = agent.tools.map((e) => entryIn(e, resolved, agentIds, servers));
        const config = AgentInput.safeParse(agentInput(agent, tools));
        if (!config.success) throw new ZodError(under(path, config.error.issues));
        const existing = await tdb.agent.findFirst({ where: { workspaceId, name: agent.name }, select: { id: true } });
        try {
          const view = existing
            ? await updateAgent(tdb, existing.id, config.data, by)
            : await createAgent(tdb, config.data, by, workspaceId);
          agentIds.set(agent.name, view.id);
          written.push({ name: view.name, agentId: view.id, version: view.version, created: !existing });
        } catch (err) {
          if (err instanceof ZodError) throw new ZodError(under(path, err.issues));
          throw err;
        }
      }
      const top = written.find((w) => w.name === file.agent.name)!;
      return { ...top, agents: written, tools: report };
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
  await recordAudit(db, {
    actor: options.actor,
    action: "agent.imported",
    target: `agent:${result.name}`,
    details: {
      agentId: result.agentId,
      version: result.version,
      created: result.created,
      exact: options.exact ?? false,
      agents: result.agents.map((a) => ({ name: a.name, version: a.version, created: a.created })),
      tools: result.tools,
    },
  });
  return result;
}
