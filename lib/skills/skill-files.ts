/** Checks a skill's resource files against the path rule and the size and count limits. */
import { AppError } from "../errors";
import { resourcePathProblem } from "./skill-resource-path.shared";
import { MAX_SKILL_FILE_BYTES, MAX_SKILL_FILES, MAX_SKILL_TOTAL_BYTES } from "./skill-limits.shared";
import type { SkillFile } from "./skill-views.shared";

/** A skill's files refused (bad path, too large, too many): 400 naming the file. */
export class SkillFilesError extends AppError {
  static override readonly kind: string = "SkillFilesError";
  constructor(message: string) {
    super("bad_request", message);
  }
}

/** The files sorted by path, or a SkillFilesError naming what is wrong. */
export function checkSkillFiles(skillMd: string, files: readonly SkillFile[]): SkillFile[] {
  if (files.length > MAX_SKILL_FILES)
    throw new SkillFilesError(`A skill has at most ${MAX_SKILL_FILES} resource files (this one has ${files.length}).`);
  let total = Buffer.byteLength(skillMd, "utf8");
  const seen = new Set<string>();
  for (const f of files) {
    const problem = resourcePathProblem(f.path);
    if (problem) throw new SkillFilesError(`Resource '${f.path}': ${problem}`);
    if (seen.has(f.path)) throw new SkillFilesError(`Resource '${f.path}' is given twice.`);
    seen.add(f.path);
    const bytes = Buffer.byteLength(f.content, "utf8");
    if (bytes > MAX_SKILL_FILE_BYTES)
      throw new SkillFilesError(`Resource '${f.path}' is larger than ${MAX_SKILL_FILE_BYTES / 1024} KiB.`);
    total += bytes;
  }
  if (total > MAX_SKILL_TOTAL_BYTES)
    throw new SkillFilesError(
      `A skill is at most ${MAX_SKILL_TOTAL_BYTES / 1024 / 1024} MiB in all (this one is larger).`,
    );
  return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
