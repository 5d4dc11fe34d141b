/**
 * A stored tool with one version, its history and the agents using it; and the analysed tool of
 * a version that can run. See lib/tool-store/README.md.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { NotFoundError } from "../errors";
import type { AnalyzedTool, ToolDiagnostic } from "../tools/tool-types";
import { ToolNotRunnableError } from "./tool-not-runnable-error";
import type { ToolDetail } from "./tool-views.shared";

export async function getTool(db: Db, toolId: string, version?: number): Promise<ToolDetail> {
  const tool = await db.tool.findUnique({
    where: { id: toolId },
    include: {
      versions: {
        orderBy: { version: "desc" },
        select: { version: true, hasErrors: true, createdBy: true, createdAt: true },
      },
      agentLinks: { include: { agent: { select: { id: true, name: true } } } },
    },
  });
  if (!tool) throw new NotFoundError(`Tool '${toolId}' does not exist.`);
  const latestVersion = tool.versions[0]?.version ?? 0;
  const wanted = version ?? latestVersion;
  const row = await db.toolVersion.findUnique({ where: { toolId_version: { toolId, version: wanted } } });
  if (!row) throw new NotFoundError(`Tool '${tool.name}' has no version ${wanted}.`);
  const usedBy = new Map(tool.agentLinks.map((l) => [l.agent.id, { agentId: l.agent.id, name: l.agent.name }]));
  return {
    id: tool.id,
    name: tool.name,
    createdAt: tool.createdAt.toISOString(),
    updatedAt: tool.updatedAt.toISOString(),
    latestVersion,
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
    usedBy: [...usedBy.values()],
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
