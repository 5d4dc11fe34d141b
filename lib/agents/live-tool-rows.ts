/**
 * The AgentTool rows: what counts as in use. A tool, MCP server or child agent is in use (and
 * cannot be deleted) only while an agent's latest or labelled version references it (README
 * "Versions"); older versions keep their tool entries in their own configuration and may name a
 * tool deleted since. Rewritten after every save and label move, in the same transaction.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import type { AgentToolEntry } from "./agent-tools.shared";
import type { VersionConfig } from "./agent-version-config.shared";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** The versions whose tools are in use: the latest and every labelled one. */
export async function liveVersions(tx: Tx | Db, agentId: string): Promise<number[]> {
  const agent = await tx.agent.findUnique({ where: { id: agentId }, select: { latestVersion: true } });
  if (!agent) return [];
  const labels = await tx.agentLabel.findMany({ where: { agentId }, select: { version: true } });
  return [...new Set([agent.latestVersion, ...labels.map((l) => l.version)])].sort((a, b) => a - b);
}

function rowOf(agentId: string, agentVersion: number, entry: AgentToolEntry, position: number) {
  const base = {
    agentId,
    agentVersion,
    position,
    toolId: null as string | null,
    toolVersionId: null as string | null,
    builtin: null as string | null,
    childAgentId: null as string | null,
    sideEffecting: null as boolean | null,
    mcpServerId: null as string | null,
    mcpTool: null as string | null,
    mcpAs: null as string | null,
  };
  if ("builtin" in entry) return { ...base, kind: "builtin", builtin: entry.builtin };
  if ("agentId" in entry)
    return { ...base, kind: "agent", childAgentId: entry.agentId, sideEffecting: entry.sideEffecting };
  if ("mcpServerId" in entry)
    return { ...base, kind: "mcp", mcpServerId: entry.mcpServerId, mcpTool: entry.tool, mcpAs: entry.as ?? null };
  return { ...base, kind: "tool", toolId: entry.toolId, toolVersionId: entry.toolVersionId ?? null };
}

/** Keeps the rows of the live versions (adding those missing) and drops the others. */
export async function syncLiveToolRows(tx: Tx, agentId: string): Promise<void> {
  const live = await liveVersions(tx, agentId);
  await tx.agentTool.deleteMany({ where: { agentId, agentVersion: { notIn: live } } });
  const present = new Set(
    (
      await tx.agentTool.findMany({ where: { agentId }, select: { agentVersion: true }, distinct: ["agentVersion"] })
    ).map((r) => r.agentVersion),
  );
  const missing = live.filter((v) => !present.has(v));
  if (!missing.length) return;
  const versions = await tx.agentVersion.findMany({ where: { agentId, version: { in: missing } } });
  const rows = versions.flatMap((v) =>
    (readJsonColumn<VersionConfig>(v.config).tools ?? []).map((entry, position) =>
      rowOf(agentId, v.version, entry, position),
    ),
  );
  if (rows.length) await tx.agentTool.createMany({ data: rows });
}
