/**
 * Saving tools: each save analyses the source (statically — nothing runs — and in the analyser
 * worker, with its time limit: lib/tools/analysis-runner.ts) and appends an immutable version with
 * its analysis and diagnostics. A version with definition errors is kept as a draft:
 * it can be saved and looked at, not run or attached to an agent. See lib/tool-store/README.md.
 */
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { jsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { ConflictError, NotFoundError } from "../errors";
import type { AnalysisResult } from "../tools/tool-types";
import { getTool } from "./read-tool";
import type { ToolDetail } from "./tool-views.shared";

type Analysis = Awaited<ReturnType<typeof analyse>>;

/** Analyses a source: the process's analyser worker (`server.analyser`), or in-process for trusted seeds. */
export type AnalyzeSource = (source: string) => Promise<AnalysisResult>;

async function analyse(analyze: AnalyzeSource, source: string) {
  const result = await analyze(source);
  const hasErrors = result.diagnostics.some((d) => d.code === "ToolDefinitionError") || !result.tool;
  return { analysis: result.tool ?? result.preview ?? null, diagnostics: result.diagnostics, hasErrors };
}

/** The row of a new immutable version. */
function versionRow(version: number, source: string, a: Analysis, actor: Principal) {
  return {
    version,
    source,
    analysis: jsonColumn(a.analysis ?? undefined),
    diagnostics: jsonColumn(a.diagnostics),
    hasErrors: a.hasErrors,
    createdById: actor.id,
    createdBy: actor.name,
  };
}

async function assertNameFree(db: Db, workspaceId: string, name: string, exceptId?: string) {
  const other = await db.tool.findFirst({
    where: { workspaceId, name, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (other)
    throw new ConflictError(
      `A tool named '${name}' already exists in this workspace; rename the function or set name: in the options.`,
      { toolId: other.id },
    );
}

/**
 * The first free draft name of the workspace: `untitled`, then `untitled-2`, `untitled-3`, … (a
 * deleted draft's name is taken again; counting the drafts would pick a name still in use).
 */
async function draftName(db: Db, workspaceId: string): Promise<string> {
  const rows = await db.tool.findMany({
    where: { workspaceId, name: { startsWith: "untitled" } },
    select: { name: true },
  });
  const taken = new Set(rows.map((r) => r.name));
  if (!taken.has("untitled")) return "untitled";
  let n = 2;
  while (taken.has(`untitled-${n}`)) n++;
  return `untitled-${n}`;
}

export async function createTool(
  db: Db,
  actor: Principal,
  source: string,
  analyze: AnalyzeSource,
): Promise<ToolDetail> {
  const workspaceId = await currentWorkspaceId(db);
  const a = await analyse(analyze, source);
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

export async function saveToolVersion(
  db: Db,
  actor: Principal,
  toolId: string,
  source: string,
  analyze: AnalyzeSource,
): Promise<ToolDetail> {
  const tool = await db.tool.findUnique({
    where: { id: toolId },
    include: { versions: { orderBy: { version: "desc" }, take: 1 } },
  });
  if (!tool) throw new NotFoundError(`Tool '${toolId}' does not exist.`);
  const a = await analyse(analyze, source);
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
