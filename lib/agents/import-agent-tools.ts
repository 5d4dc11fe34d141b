/**
 * The tools of an agent file's import (docs/agent-file.md, "Importing"): which saved tools the
 * file's agents use, and what each needs in this studio. A tool of the same name with a version of
 * the identical source is reused (pinned to that version; a followed source must be the tool's
 * newest runnable one); a different source is saved as a new version of it (refused with `exact`);
 * an absent tool is created. Sources to save are analysed before anything is written, so a source
 * with definition errors here, or one declaring another name, refuses the import whole.
 */
import type { core } from "zod";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { ConflictError } from "../errors";
import { createTool, saveToolVersion, type AnalyzeSource } from "../tool-store/save-tool";
import type { AgentFile } from "./agent-file.shared";
import { sourceHash } from "./export-agent";

export type Issue = core.$ZodIssue;
export type Path = (string | number)[];

export function issue(path: Path, message: string): Issue {
  return { code: "custom", path, message, input: undefined } as Issue;
}

/** One source a tool needs: used pinned, followed (its newest runnable version), or both. */
interface SourceNeed {
  hash: string;
  source: string;
  /** Its index in the file's `tools`. */
  index: number;
  follow: boolean;
}

export interface ToolPlan {
  name: string;
  /** The tool of that name in this studio (null: to create). */
  toolId: string | null;
  /** Sources already in the studio: hash → the version to pin. */
  reused: Map<string, { toolVersionId: string; version: number }>;
  /** Sources to save, in order (pinned ones first, a followed one last, so it is the newest). */
  pending: SourceNeed[];
}

export type ToolKey = `${string}\u0000${string}`;
export const toolKey = (name: string, hash: string): ToolKey => `${name}\u0000${hash}`;

/** Where each saved tool entry's source is: checks every entry names a source of the file's `tools`. */
export function collectToolNeeds(
  file: AgentFile,
  agents: Array<{ agent: AgentFile["agent"]; path: Path }>,
  issues: Issue[],
): Map<string, Map<string, SourceNeed>> {
  const sources = new Map<ToolKey, { source: string; index: number }>();
  file.tools.forEach((t, index) => {
    const key = toolKey(t.name, sourceHash(t.source));
    if (!sources.has(key)) sources.set(key, { source: t.source, index });
  });
  const needs = new Map<string, Map<string, SourceNeed>>();
  for (const { agent, path } of agents) {
    agent.tools.forEach((entry, i) => {
      if (!("sourceHash" in entry)) return;
      const found = sources.get(toolKey(entry.tool, entry.sourceHash));
      if (!found) {
        issues.push(
          issue(
            [...path, "tools", i, "sourceHash"],
            `the file's tools hold no source of '${entry.tool}' with this hash (sha256 of the source)`,
          ),
        );
        return;
      }
      const byHash = needs.get(entry.tool) ?? new Map<string, SourceNeed>();
      needs.set(entry.tool, byHash);
      const need = byHash.get(entry.sourceHash) ?? { hash: entry.sourceHash, ...found, follow: false };
      need.follow ||= entry.follow === "latest";
      byHash.set(entry.sourceHash, need);
      const followed = [...byHash.values()].filter((n) => n.follow);
      if (followed.length > 1)
        issues.push(
          issue(
            [...path, "tools", i, "follow"],
            `two entries follow the latest '${entry.tool}' with different sources; a tool has one newest version`,
          ),
        );
    });
  }
  return needs;
}

/** What each tool needs here; `exact` refuses (409 `conflict`, nothing changed) when a tool's source differs. */
export async function planTools(
  db: Db,
  workspaceId: string,
  needs: Map<string, Map<string, SourceNeed>>,
  exact: boolean,
): Promise<ToolPlan[]> {
  const plans: ToolPlan[] = [];
  const differing: string[] = [];
  for (const name of [...needs.keys()].sort()) {
    const tool = await db.tool.findFirst({ where: { workspaceId, name }, select: { id: true } });
    const plan: ToolPlan = { name, toolId: tool?.id ?? null, reused: new Map(), pending: [] };
    const newest = tool
      ? await db.toolVersion.findFirst({
          where: { toolId: tool.id, hasErrors: false },
          orderBy: { version: "desc" },
          select: { id: true, version: true, source: true },
        })
      : null;
    const wanted = [...needs.get(name)!.values()].sort((a, b) => Number(a.follow) - Number(b.follow));
    for (const need of wanted) {
      let match: { id: string; version: number } | null = null;
      if (tool && need.follow) match = newest && sourceHash(newest.source) === need.hash ? newest : null;
      else if (tool)
        match = await db.toolVersion.findFirst({
          where: { toolId: tool.id, hasErrors: false, source: need.source },
          orderBy: { version: "desc" },
          select: { id: true, version: true },
        });
      if (match) plan.reused.set(need.hash, { toolVersionId: match.id, version: match.version });
      else plan.pending.push(need);
    }
    if (tool && plan.pending.length) differing.push(name);
    plans.push(plan);
  }
  if (exact && differing.length)
    throw new ConflictError(
      `The file's source of ${differing.map((d) => `'${d}'`).join(", ")} differs from every version here; nothing was imported (import without exact to save ${differing.length === 1 ? "it" : "them"} as new versions).`,
      { differing },
    );
  return plans;
}

/** Analyses every source to save (memoised: the save reuses the result) and refuses the import on a problem. */
export async function checkPendingSources(plans: ToolPlan[], analyze: AnalyzeSource, issues: Issue[]) {
  for (const plan of plans)
    for (const need of plan.pending) {
      const result = await analyze(need.source);
      const error = result.diagnostics.find((d) => d.code === "ToolDefinitionError");
      if (error || !result.tool)
        issues.push(
          issue(
            ["tools", need.index, "source"],
            `tool '${plan.name}' has definition errors here: ${error?.message ?? "the source could not be read"}`,
          ),
        );
      else if (result.tool.name !== plan.name)
        issues.push(
          issue(
            ["tools", need.index, "name"],
            `the source of '${plan.name}' declares a tool named '${result.tool.name}'; a tool's name is its source's`,
          ),
        );
    }
}

/** An analyser that analyses each source once (the check before writing, then the save itself). */
export function memoised(analyze: AnalyzeSource): AnalyzeSource {
  const seen = new Map<string, ReturnType<AnalyzeSource>>();
  return (source) => {
    let result = seen.get(source);
    if (!result) {
      result = analyze(source);
      seen.set(source, result);
      result.catch(() => seen.delete(source));
    }
    return result;
  };
}

export interface ImportedTool {
  name: string;
  version: number;
  /** `reused`: a version with the identical source was here; `created`: a new tool; `saved`: a new version. */
  action: "reused" | "created" | "saved";
}

/**
 * Saves each pending source through the tool store (analysed, as every save), and answers where
 * each (name, hash) now is.
 */
export async function applyToolPlans(
  db: Db,
  plans: ToolPlan[],
  actor: Principal,
  analyze: AnalyzeSource,
): Promise<{ resolved: Map<ToolKey, { toolId: string; toolVersionId: string }>; report: ImportedTool[] }> {
  const resolved = new Map<ToolKey, { toolId: string; toolVersionId: string }>();
  const report: ImportedTool[] = [];
  for (const plan of plans) {
    let toolId = plan.toolId;
    for (const [hash, v] of plan.reused) {
      resolved.set(toolKey(plan.name, hash), { toolId: toolId!, toolVersionId: v.toolVersionId });
      report.push({ name: plan.name, version: v.version, action: "reused" });
    }
    for (const need of plan.pending) {
      const created = toolId === null;
      const detail = toolId
        ? await saveToolVersion(db, actor, toolId, need.source, analyze)
        : await createTool(db, actor, need.source, analyze);
      toolId = detail.id;
      const row = await db.toolVersion.findUniqueOrThrow({
        where: { toolId_version: { toolId, version: detail.version.version } },
        select: { id: true },
      });
      resolved.set(toolKey(plan.name, need.hash), { toolId, toolVersionId: row.id });
      report.push({ name: plan.name, version: detail.version.version, action: created ? "created" : "saved" });
    }
  }
  return { resolved, report };
}
