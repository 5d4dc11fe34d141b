/**
 * A stored tool with one version, its history and the agents using it; and the analysed tool of
 * a version that can run. See lib/tool-store/README.md.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { NotFoundError } from "../errors";
import type { AnalyzedTool, ToolDiagnostic } from "../tools/tool-types";
import { ToolNotRunnableError } from "./tool-not-runnable-error";
import type { ToolDetail, ToolPin, ToolUser } from "./tool-views.shared";

/** The release label new conversations start on (lib/agents' DEFAULT_LABEL; tool-store sits below agents). */
const PRODUCTION = "production";

export async function getTool(db: Db, toolId: string, version?: number): Promise<ToolDetail> {
  const tool = await db.tool.findUnique({
    where: { id: toolId },
    include: {
      versions: {
        orderBy: { version: "desc" },
        select: { version: true, hasErrors: true, createdBy: true, createdAt: true },
      },
      agentLinks: {
        select: {
          agentVersion: true,
          toolVersion: { select: { version: true } },
          agent: {
            select: {
              id: true,
              name: true,
              latestVersion: true,
              labels: { where: { label: PRODUCTION }, select: { version: true } },
            },
          },
        },
      },
    },
  });
  if (!tool) throw new NotFoundError(`Tool '${toolId}' does not exist.`);
  const latestVersion = tool.versions[0]?.version ?? 0;
  const wanted = version ?? latestVersion;
  const row = await db.toolVersion.findUnique({ where: { toolId_version: { toolId, version: wanted } } });
  if (!row) throw new NotFoundError(`Tool '${tool.name}' has no version ${wanted}.`);
  const runnable = await db.toolVersion.findFirst({
    where: { toolId, hasErrors: false },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  return {
    id: tool.id,
    name: tool.name,
    createdAt: tool.createdAt.toISOString(),
    updatedAt: tool.updatedAt.toISOString(),
    latestVersion,
    runnableVersion: runnable?.version ?? null,
    version: {
      version: row.version,
      source: row.source,
      analysis: readJsonColumn<AnalyzedTool | null>(row.analysis),
      diagnostics: readJsonColumn<ToolDiagnostic[]>(row.diagnostics),
      hasErrors: row.hasErrors,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
    },
    versions: tool.versions.map((v) => ({
      version: v.version,
      hasErrors: v.hasErrors,
      createdBy: v.createdBy,
      createdAt: v.createdAt.toISOString(),
    })),
    usedBy: toolUsers(tool.agentLinks),
  };
}

/** The analysed tool and source of a version that can run (no definition errors). */
export async function getRunnableTool(
  db: Db,
  toolId: string,
  version?: number,
): Promise<{ tool: AnalyzedTool; source: string; version: number }> {
  const detail = await getTool(db, toolId, version);
  const v = detail.version;
  if (v.hasErrors || !v.analysis) {
    const first = v.diagnostics.find((d) => d.code === "ToolDefinitionError");
    throw new ToolNotRunnableError(
      `Version ${v.version} of '${detail.name}' has definition errors and cannot run${first ? `: ${first.message}` : "."}`,
      v.diagnostics.filter((d) => d.code === "ToolDefinitionError"),
    );
  }
  return { tool: v.analysis, source: v.source, version: v.version };
}

interface AgentLink {
  agentVersion: number;
  /** Null: the entry follows the latest version. */
  toolVersion: { version: number } | null;
  agent: { id: string; name: string; latestVersion: number; labels: Array<{ version: number }> };
}

/**
 * The agents using the tool, by name, from their AgentTool rows (one per live version: the latest
 * and the labelled ones, lib/agents/live-tool-rows.ts): how the latest and `production` use it.
 */
function toolUsers(links: AgentLink[]): ToolUser[] {
  const byAgent = new Map<string, AgentLink[]>();
  for (const l of links) byAgent.set(l.agent.id, [...(byAgent.get(l.agent.id) ?? []), l]);
  const pinOf = (rows: AgentLink[], agentVersion: number): ToolPin | null => {
    const row = rows.find((r) => r.agentVersion === agentVersion);
    if (!row) return null;
    return row.toolVersion ? { kind: "pinned", version: row.toolVersion.version } : { kind: "follows" };
  };
  return [...byAgent.values()]
    .map((rows) => {
      const agent = rows[0].agent;
      const production = agent.labels[0]?.version ?? null;
      return {
        agentId: agent.id,
        name: agent.name,
        agentVersion: agent.latestVersion,
        pin: pinOf(rows, agent.latestVersion),
        production: production === null ? null : { version: production, pin: pinOf(rows, production) },
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
