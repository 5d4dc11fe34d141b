/**
 * Exporting an agent as a file (docs/agent-file.md): the agent at one version, the agents it calls
 * as tools (each at its `production` version, the latest while unset; recursively) and the sources
 * of every saved tool they use, with no database id. Tools, agents and MCP servers are named; a
 * saved tool entry also carries the SHA-256 of its source. Nothing secret is written: the document
 * is built field by field and parsed by its schema, which keeps only the agent JSON's fields (model
 * configs hold provider names, never keys; a base URL's user and password are dropped).
 */
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { ConflictError } from "../errors";
import type { ModelConfig } from "../models/model-config.shared";
import {
  AGENT_FILE_FORMAT,
  AGENT_FILE_FORMAT_VERSION,
  AgentFile,
  type AgentFileAgent,
  type AgentFileTool,
  type AgentFileToolEntry,
} from "./agent-file.shared";
import { resolveAgentVersion } from "./agent-labels";
import type { AgentToolEntry } from "./agent-tools.shared";
import type { VersionConfig } from "./agent-version-config.shared";
import { getAgent } from "./read-agent";
import { assertToolsPresent } from "./version-tools-present";

/** The SHA-256 of a tool's source, as lowercase hex: how an agent file names the source a tool entry runs. */
export function sourceHash(source: string): string {
  return createHash("sha256").update(source, "utf8").digest("hex");
}

/** A base URL without the user and password it might carry (the egress rules refuse them on save anyway). */
function withoutCredentials(url: string | null): string | null {
  if (url === null) return null;
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return url;
  }
}

function exportedModel(m: ModelConfig): ModelConfig {
  return {
    ...m,
    baseUrl: withoutCredentials(m.baseUrl),
    fallbackModels: m.fallbackModels.map((f) => ({ ...f, baseUrl: withoutCredentials(f.baseUrl) })),
  };
}

/** What an export gathers on its way: each source once, each agent once. */
interface Gathered {
  sources: Map<string, AgentFileTool>;
  /** Agents already exported or on their way (by id), and the agents still to export. */
  seen: Set<string>;
  queue: string[];
}

async function savedToolEntry(
  db: Db,
  entry: Extract<AgentToolEntry, { toolId: string }>,
  owner: string,
  out: Gathered,
): Promise<AgentFileToolEntry> {
  const tool = await db.tool.findUniqueOrThrow({ where: { id: entry.toolId }, select: { name: true } });
  const version =
    entry.follow === "latest"
      ? // A followed tool is exported as it runs now: its newest version without definition errors.
        await db.toolVersion.findFirst({
          where: { toolId: entry.toolId, hasErrors: false },
          orderBy: { version: "desc" },
          select: { source: true },
        })
      : await db.toolVersion.findFirst({
          where: entry.toolVersionId ? { id: entry.toolVersionId, toolId: entry.toolId } : { toolId: entry.toolId },
          orderBy: { version: "desc" },
          select: { source: true },
        });
  if (!version)
    throw new ConflictError(
      `Agent '${owner}' follows tool '${tool.name}', which has no version without definition errors to export; fix it in the Tool Studio first.`,
      { tool: tool.name },
    );
  const hash = sourceHash(version.source);
  out.sources.set(`${tool.name}\u0000${hash}`, { name: tool.name, source: version.source });
  return { tool: tool.name, sourceHash: hash, ...(entry.follow === "latest" ? { follow: "latest" as const } : {}) };
}

async function toolEntry(db: Db, entry: AgentToolEntry, owner: string, out: Gathered): Promise<AgentFileToolEntry> {
  if ("toolId" in entry) return savedToolEntry(db, entry, owner, out);
  if ("builtin" in entry) return { builtin: entry.builtin, ...(entry.scope ? { scope: entry.scope } : {}) };
  if ("mcpServerId" in entry) {
    const server = await db.mcpServer.findUniqueOrThrow({ where: { id: entry.mcpServerId }, select: { name: true } });
    return { mcpServer: server.name, tool: entry.tool, ...(entry.as ? { as: entry.as } : {}) };
  }
  const child = await db.agent.findUniqueOrThrow({ where: { id: entry.agentId }, select: { id: true, name: true } });
  if (!out.seen.has(child.id)) {
    out.seen.add(child.id);
    out.queue.push(child.id);
  }
  return { agent: child.name, sideEffecting: entry.sideEffecting };
}

/** One agent at one version, its tools by name. A tool, agent or MCP server deleted since is a 409 `tool_gone`. */
async function exportOne(db: Db, agentId: string, version: number, out: Gathered): Promise<AgentFileAgent> {
  const view = await getAgent(db, agentId, version);
  const row = await db.agentVersion.findUniqueOrThrow({ where: { agentId_version: { agentId, version } } });
  await assertToolsPresent(db, view.name, version, readJsonColumn<VersionConfig>(row.config));
  const tools: AgentFileToolEntry[] = [];
  for (const entry of view.tools) tools.push(await toolEntry(db, entry, view.name, out));
  return {
    name: view.name,
    description: view.description,
    prompt: view.prompt,
    model: exportedModel(view.model),
    roster: view.roster.map(exportedModel),
    runLimits: view.runLimits,
    agentLimits: view.agentLimits,
    autonomy: view.autonomy,
    compaction: view.compaction,
    limitRecovery: view.limitRecovery,
    runtime: view.runtime,
    tools,
    contextSchema: view.contextSchema,
    suggestedPrompts: view.suggestedPrompts,
    skills: view.skills,
    toolMode: view.toolMode,
    responseFields: view.responseFields,
  };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The agent file of `agentId` at the version asked for (a number, a label, or neither: production,
 * the latest while unset; unknown → 404).
 */
export async function exportAgent(
  db: Db,
  agentId: string,
  selector: { version?: number; label?: string } = {},
  now: Date = new Date(),
): Promise<AgentFile> {
  const { version } = await resolveAgentVersion(db, agentId, selector);
  const out: Gathered = { sources: new Map(), seen: new Set([agentId]), queue: [] };
  const agent = await exportOne(db, agentId, version, out);
  const agents: AgentFileAgent[] = [];
  // Breadth first; every agent once (the seen set also stops at a cycle through older versions).
  while (out.queue.length) {
    const id = out.queue.shift()!;
    const production = await resolveAgentVersion(db, id, {});
    agents.push(await exportOne(db, id, production.version, out));
  }
  const tools = [...out.sources.values()]
    .map((t) => ({ ...t, hash: sourceHash(t.source) }))
    .sort((a, b) => byName(a.name, b.name) || byName(a.hash, b.hash))
    .map(({ name, source }) => ({ name, source }));
  // Parsed by its schema: only the format's fields can leave the studio.
  return AgentFile.parse({
    format: AGENT_FILE_FORMAT,
    formatVersion: AGENT_FILE_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    agent,
    tools,
    agents: agents.sort((a, b) => byName(a.name, b.name)),
  });
}
