/**
 * A skill as a `.zip` of its folder (`name/SKILL.md`, `name/references/…`), which import reads
 * back: the studio skill at a version (its active one, else its latest), or the directory skill.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync, type Zippable } from "fflate";
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import type { SkillDirectoryRegistry } from "./skill-directory-registry";
import type { SkillFile } from "./skill-views.shared";

export function skillZip(name: string, skillMd: string, files: readonly SkillFile[]): Uint8Array {
  const tree: Zippable = { [`${name}/SKILL.md`]: strToU8(skillMd) };
  for (const f of files) tree[`${name}/${f.path}`] = strToU8(f.content);
  return zipSync(tree, { level: 6 });
}

export async function exportSkillZip(
  db: Db,
  registry: SkillDirectoryRegistry,
  name: string,
  version?: number,
): Promise<Uint8Array> {
  const workspaceId = await currentWorkspaceId(db);
  const skill = await db.skill.findUnique({ where: { workspaceId_name: { workspaceId, name } } });
  if (skill) {
    const n = version ?? skill.activeVersion ?? skill.latestVersion;
    const v = await db.skillVersion.findUnique({ where: { skillId_version: { skillId: skill.id, version: n } } });
    if (!v) throw new NotFoundError(`Skill '${name}' has no version ${n}.`);
    return skillZip(name, v.skillMd, readJsonColumn<SkillFile[]>(v.files));
  }
  const d = registry.get(name);
  if (!d || version !== undefined) throw new NotFoundError(`No skill named '${name}'.`);
  const files: SkillFile[] = [];
  for (const f of d.files) {
    const content = await readFile(path.join(d.directory, f.path), "utf8").catch(() => null);
    if (content !== null) files.push({ path: f.path, content });
  }
  return skillZip(name, d.skillMd, files);
}
