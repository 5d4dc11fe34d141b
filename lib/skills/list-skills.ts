/**
 * The library: every studio skill and every directory skill, with which one wins a name. Order of
 * precedence (lib/skills/README.md, "Which skill a name means"): a studio skill, then the last
 * directory of ATELIER_SKILLS_DIRS that has it. The loser is listed `overridden`, with a warning.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import type { SkillDirectoryRegistry } from "./skill-directory-registry";
import type { SkillFile, SkillSummary } from "./skill-views.shared";

export interface SkillLibrary {
  skills: SkillSummary[];
  /** Overrides and directory problems, for the top of the library. */
  warnings: string[];
  directories: string[];
}

export async function listSkills(db: Db, registry: SkillDirectoryRegistry): Promise<SkillLibrary> {
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.skill.findMany({ where: { workspaceId }, orderBy: { name: "asc" } });
  const versions = rows.length
    ? await db.skillVersion.findMany({
        where: { OR: rows.map((r) => ({ skillId: r.id, version: r.activeVersion ?? r.latestVersion })) },
        select: { skillId: true, description: true, files: true },
      })
    : [];
  const shown = new Map(versions.map((v) => [v.skillId, v]));
  const studioNames = new Set(rows.map((r) => r.name));
  const warnings = [...registry.warnings()];
  const skills: SkillSummary[] = rows.map((r) => {
    const v = shown.get(r.id);
    const dir = registry.get(r.name);
    const own: string[] = [];
    if (r.activeVersion === null)
      own.push("Every version is a draft whose SKILL.md does not parse: agents cannot use it yet.");
    else if (r.latestVersion !== r.activeVersion)
      own.push(`Version ${r.latestVersion} is a draft that does not parse; agents use version ${r.activeVersion}.`);
    if (dir) own.push(`Overrides the directory skill from '${dir.directory}'.`);
    return {
      name: r.name,
      description: v?.description ?? "",
      source: "studio",
      activeVersion: r.activeVersion,
      latestVersion: r.latestVersion,
      directory: null,
      fileCount: v ? readJsonColumn<SkillFile[]>(v.files).length : 0,
      overridden: false,
      warnings: own,
      updatedAt: r.updatedAt.toISOString(),
    };
  });
  for (const d of registry.list()) {
    const overridden = studioNames.has(d.name);
    if (overridden) warnings.push(`Studio skill '${d.name}' overrides the one in directory '${d.directory}'.`);
    skills.push({
      name: d.name,
      description: d.description,
      source: "directory",
      activeVersion: null,
      latestVersion: null,
      directory: d.directory,
      fileCount: d.files.length,
      overridden,
      warnings: [...(overridden ? ["Overridden by the studio skill of the same name."] : []), ...d.warnings],
      updatedAt: null,
    });
  }
  skills.sort((a, b) => (a.name === b.name ? (a.source === "studio" ? -1 : 1) : a.name < b.name ? -1 : 1));
  return { skills, warnings, directories: [...registry.directories] };
}
