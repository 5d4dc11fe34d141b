/**
 * One skill folder on disk → its SKILL.md, its parse and its resource list (paths and sizes; the
 * contents are read when `read_skill_resource` asks). Symbolic links are skipped: a skill reads
 * only what is inside its own folder. Limits as for a stored skill (skill-limits.shared.ts).
 */
import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseSkillMd, type ParsedSkillMd } from "./parse-skill-md";
import { MAX_SKILL_FILE_BYTES, MAX_SKILL_FILES } from "./skill-limits.shared";
import { resourcePathProblem, SKILL_MD } from "./skill-resource-path.shared";

export interface SkillFolder {
  /** The folder's name (the skill's name when it parses). */
  folder: string;
  directory: string;
  skillMd: string;
  parsed: ParsedSkillMd;
  files: Array<{ path: string; size: number }>;
  /** Files left out (links, too large, too many, bad paths). */
  warnings: string[];
}

/** Reads one folder; null when it has no SKILL.md. */
export async function readSkillFolder(directory: string): Promise<SkillFolder | null> {
  const folder = path.basename(directory);
  let skillMd: string;
  try {
    const st = await lstat(path.join(directory, SKILL_MD));
    if (!st.isFile()) return null;
    skillMd = await readFile(path.join(directory, SKILL_MD), "utf8");
  } catch {
    return null;
  }
  const files: SkillFolder["files"] = [];
  const warnings: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (rel === SKILL_MD) continue;
      if (e.isSymbolicLink()) {
        warnings.push(`${rel}: a symbolic link, skipped`);
        continue;
      }
      if (e.isDirectory()) {
        await walk(path.join(dir, e.name), rel);
        continue;
      }
      if (!e.isFile()) continue;
      const problem = resourcePathProblem(rel);
      if (problem) {
        warnings.push(`${rel}: ${problem}`);
        continue;
      }
      const st = await lstat(path.join(dir, e.name));
      if (st.size > MAX_SKILL_FILE_BYTES) {
        warnings.push(`${rel}: larger than ${MAX_SKILL_FILE_BYTES / 1024} KiB, skipped`);
        continue;
      }
      if (files.length >= MAX_SKILL_FILES) {
        warnings.push(`${rel}: more than ${MAX_SKILL_FILES} files, skipped`);
        continue;
      }
      files.push({ path: rel, size: st.size });
    }
  };
  await walk(directory, "");
  return { folder, directory, skillMd, parsed: parseSkillMd(skillMd, folder), files, warnings };
}

/** The folders of one skills directory (one subfolder per skill), sorted by name. */
export async function readSkillsDirectory(root: string): Promise<SkillFolder[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const out: SkillFolder[] = [];
  for (const e of entries.filter((x) => x.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const f = await readSkillFolder(path.join(root, e.name));
    if (f) out.push(f);
  }
  return out;
}
