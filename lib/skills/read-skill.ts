/** Reading studio skills: one at a version with its history and users; deleting one. */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import { parseSkillMd } from "./parse-skill-md";
import { SkillInUseError } from "./skill-errors";
import { agentsUsingSkill } from "./skill-usage";
import type { SkillDetail, SkillFile } from "./skill-views.shared";

/** The studio skill `name` at `version` (its latest when unset), or a 404. */
export async function getSkill(
  db: Db,
  name: string,
  version?: number,
  directoryOf?: (name: string) => string | undefined,
): Promise<SkillDetail> {
  const workspaceId = await currentWorkspaceId(db);
  const skill = await db.skill.findUnique({
    where: { workspaceId_name: { workspaceId, name } },
    include: { versions: { orderBy: { version: "desc" } } },
  });
  if (!skill) throw new NotFoundError(`No skill named '${name}' in the studio.`);
  const n = version ?? skill.latestVersion;
  const v = skill.versions.find((x) => x.version === n);
  if (!v) throw new NotFoundError(`Skill '${name}' has no version ${n}.`);
  const parsed = parseSkillMd(v.skillMd, name);
  return {
    name: skill.name,
    source: "studio",
    activeVersion: skill.activeVersion,
    latestVersion: skill.latestVersion,
    version: v.version,
    valid: v.valid,
    skillMd: v.skillMd,
    frontMatter: parsed.frontMatter,
    files: readJsonColumn<SkillFile[]>(v.files),
    diagnostics: parsed.diagnostics,
    versions: skill.versions.map((x) => ({
      version: x.version,
      valid: x.valid,
      description: x.description,
      createdByName: x.createdByName,
      createdAt: x.createdAt.toISOString(),
    })),
    usedBy: await agentsUsingSkill(db, workspaceId, name),
    overrides: directoryOf?.(name) ?? null,
  };
}

/** Deletes the studio skill `name`; refused (409 `SkillInUse`) while agents attach it. */
export async function deleteSkill(db: Db, name: string): Promise<void> {
  const workspaceId = await currentWorkspaceId(db);
  const skill = await db.skill.findUnique({ where: { workspaceId_name: { workspaceId, name } } });
  if (!skill) throw new NotFoundError(`No skill named '${name}' in the studio.`);
  const users = await agentsUsingSkill(db, workspaceId, name);
  if (users.length)
    throw new SkillInUseError(
      name,
      users.map((u) => ({ id: u.agentId, name: u.name })),
    );
  await db.skill.delete({ where: { id: skill.id } });
}
