/**
 * Tools as stored: each save analyses the source (statically — nothing runs) and appends an
 * immutable version with its analysis and diagnostics. A version with definition errors is kept
 * as a draft: it can be saved and looked at, not run or attached to an agent.
 */
import { z } from "zod";
import { AppError, ConflictError, NotFoundError } from "../errors";
import type { Principal } from "../auth/roles";
import { analyzeTool } from "../tools/analyze-tool";
import type { AnalyzedTool, ToolDiagnostic } from "../tools/tool-types";
import type { Db } from "./client";
import { currentWorkspaceId } from "./workspace";

export const MAX_TOOL_SOURCE_CHARS = 200_000;
export const ToolSourceInput = z.object({
  source: z.string().min(1, "The source is empty").max(MAX_TOOL_SOURCE_CHARS, `Keep a tool under ${MAX_TOOL_SOURCE_CHARS} characters`),
});

export class ToolNotRunnableError extends AppError {
  constructor(
    message: string,
    readonly diagnostics: ToolDiagnostic[],
  ) {
    super("ToolNotRunnableError", message, { diagnostics });
    this.name = "ToolNotRunnableError";
  }
}

export interface ToolVersionDetail {
  version: number;
  source: string;
  /** The analysed tool when clean; the editor's best-effort preview when it has errors. */
  analysis: AnalyzedTool | null;
  diagnostics: ToolDiagnostic[];
  hasErrors: boolean;
  createdBy: string | null;
  createdAt: string;
}

export interface ToolDetail {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  version: ToolVersionDetail;
  latestVersion: number;
  versions: Array<{ version: number; hasErrors: boolean; createdBy: string | null; createdAt: string }>;
  usedBy: Array<{ agentId: string; name: string }>;
}

function analyse(source: string) {
  const result = analyzeTool(source);
  const hasErrors = result.diagnostics.some((d) => d.code === "ToolDefinitionError") || !result.tool;
  return { analysis: result.tool ?? result.preview ?? null, diagnostics: result.diagnostics, hasErrors };
}

/** The row of a new immutable version. */
function versionRow(version: number, source: string, a: ReturnType<typeof analyse>, actor: Principal) {
  return {
    version,
    source,
    analysis: (a.analysis ?? undefined) as never,
    diagnostics: a.diagnostics as never,
    hasErrors: a.hasErrors,
    createdById: actor.id,
    createdBy: actor.name,
  };
}

async function assertNameFree(db: Db, workspaceId: string, name: string, exceptId?: string) {
  const other = await db.tool.findFirst({ where: { workspaceId, name, ...(exceptId ? { id: { not: exceptId } } : {}) } });
  if (other) throw new ConflictError(`A tool named '${name}' already exists in this workspace; rename the function or set name: in the options.`, { toolId: other.id });
}

async function draftName(db: Db, workspaceId: string): Promise<string> {
  const n = await db.tool.count({ where: { workspaceId, name: { startsWith: "untitled" } } });
  return n === 0 ? "untitled" : `untitled-${n + 1}`;
}

export async function createTool(db: Db, actor: Principal, source: string): Promise<ToolDetail> {
  const workspaceId = await currentWorkspaceId(db);
  const a = analyse(source);
  const name = a.analysis?.name ?? (await draftName(db, workspaceId));
  await assertNameFree(db, workspaceId, name);
  const tool = await db.tool.create({
    data: {
      workspaceId,
      name,
      versions: { create: versionRow(1, source, a, actor) },
    },
  });
  return getTool(db, tool.id);
}

export async function saveToolVersion(db: Db, actor: Principal, toolId: string, source: string): Promise<ToolDetail> {
  const tool = await db.tool.findUnique({ where: { id: toolId }, include: { versions: { orderBy: { version: "desc" }, take: 1 } } });
  if (!tool) throw new NotFoundError(`Tool '${toolId}' does not exist.`);
  const a = analyse(source);
  const name = a.analysis?.name ?? tool.name;
  if (name !== tool.name) await assertNameFree(db, tool.workspaceId, name, tool.id);
  await db.tool.update({
    where: { id: toolId },
    data: {
      name,
      versions: { create: versionRow((tool.versions[0]?.version ?? 0) + 1, source, a, actor) },
    },
  });
  return getTool(db, toolId);
}

export async function getTool(db: Db, toolId: string, version?: number): Promise<ToolDetail> {
  const tool = await db.tool.findUnique({
    where: { id: toolId },
    include: {
      versions: { orderBy: { version: "desc" }, select: { version: true, hasErrors: true, createdBy: true, createdAt: true } },
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
      analysis: (row.analysis ?? null) as AnalyzedTool | null,
      diagnostics: row.diagnostics as unknown as ToolDiagnostic[],
      hasErrors: row.hasErrors,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
    },
    versions: tool.versions.map((v) => ({ version: v.version, hasErrors: v.hasErrors, createdBy: v.createdBy, createdAt: v.createdAt.toISOString() })),
    usedBy: [...usedBy.values()],
  };
}

/** Deletes a tool and its versions; refused while any agent uses it, naming those agents. */
export async function deleteTool(db: Db, toolId: string): Promise<void> {
  const tool = await getTool(db, toolId);
  if (tool.usedBy.length > 0) {
    throw new ConflictError(
      `Tool '${tool.name}' is used by ${tool.usedBy.map((a) => `'${a.name}'`).join(", ")}; remove it from ${tool.usedBy.length === 1 ? "that agent" : "those agents"} first.`,
      { usedBy: tool.usedBy },
      "tool_in_use",
    );
  }
  await db.tool.delete({ where: { id: toolId } });
}

/** The analysed tool and source of a version that can run (no definition errors). */
export async function getRunnableTool(db: Db, toolId: string, version?: number): Promise<{ tool: AnalyzedTool; source: string; version: number }> {
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
