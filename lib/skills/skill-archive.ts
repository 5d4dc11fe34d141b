/**
 * An archive's entries → the skills it holds (lib/skills/README.md, "Import"): one skill folder
 * (`SKILL.md` at the top, or `name/SKILL.md`) or a folder of them (`skills/a/SKILL.md`,
 * `skills/b/SKILL.md`). All or nothing: any unsafe path (absolute, `..`, `\`, a drive letter — the
 * zip-slip family), a SKILL.md that does not parse or whose name is not its folder's, two skills of
 * one name, too many skills, files or bytes refuses the whole archive with the reason. A resource
 * that is not UTF-8 text is skipped and listed in `warnings`; so are files outside every skill.
 */
import { parseSkillMd } from "./parse-skill-md";
import { readArchive, type ArchiveKind } from "./archive-entries";
import { SkillArchiveError } from "./skill-errors";
import { checkSkillFiles, SkillFilesError } from "./skill-files";
import { MAX_ARCHIVE_SKILLS } from "./skill-limits.shared";
import { resourcePathProblem, SKILL_MD } from "./skill-resource-path.shared";
import type { SkillFile } from "./skill-views.shared";
import type { ParsedSkillMd } from "./parse-skill-md";

export interface ArchivedSkill {
  name: string;
  skillMd: string;
  parsed: ParsedSkillMd;
  files: SkillFile[];
}

export interface ArchiveContents {
  skills: ArchivedSkill[];
  warnings: string[];
}

/** Folders archivers add that are never part of a skill. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$)/;

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decode(data: Uint8Array): string | null {
  try {
    return utf8.decode(data).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

/** The entry's path, confined: `./` prefixes dropped; anything escaping the archive refuses it. */
function confined(raw: string): string {
  const path = raw.replace(/^(\.\/)+/, "").replace(/\/$/, "");
  const problem = path === SKILL_MD ? null : resourcePathProblem(path);
  if (problem) throw new SkillArchiveError(`Unsafe path '${raw}' in the archive: ${problem} Nothing was imported.`);
  return path;
}

export async function skillsInArchive(bytes: Uint8Array, kind: ArchiveKind): Promise<ArchiveContents> {
  const entries = (await readArchive(bytes, kind)).filter((e) => !JUNK.test(e.path));
  const files = entries
    .filter((e) => !e.directory && e.path.replace(/^(\.\/)+/, "") !== "")
    .map((e) => ({ ...e, path: confined(e.path) }));
  for (const e of entries.filter((x) => x.directory && x.path.replace(/^(\.\/)+/, "").replace(/\/$/, "")))
    confined(e.path);

  const skillMds = files.filter((f) => f.path === SKILL_MD || f.path.endsWith(`/${SKILL_MD}`));
  if (!skillMds.length)
    throw new SkillArchiveError("The archive holds no SKILL.md: upload a skill folder or a folder of skill folders.");
  // Skill folders are the shallowest folders holding a SKILL.md; a deeper SKILL.md is a resource.
  const depth = (p: string) => p.split("/").length;
  const top = Math.min(...skillMds.map((f) => depth(f.path)));
  const roots = skillMds
    .filter((f) => depth(f.path) === top)
    .map((f) => f.path.slice(0, -SKILL_MD.length).replace(/\/$/, ""));
  if (roots.length > MAX_ARCHIVE_SKILLS)
    throw new SkillArchiveError(
      `The archive holds ${roots.length} skills; import at most ${MAX_ARCHIVE_SKILLS} at once.`,
    );

  const warnings: string[] = [];
  const skills: ArchivedSkill[] = [];
  const problems: string[] = [];
  for (const root of roots) {
    const prefix = root ? `${root}/` : "";
    const md = files.find((f) => f.path === `${prefix}${SKILL_MD}`)!;
    const skillMd = decode(md.data);
    const folder = root ? root.split("/").pop()! : undefined;
    if (skillMd === null) {
      problems.push(`${md.path} is not UTF-8 text.`);
      continue;
    }
    const first = parseSkillMd(skillMd, folder);
    // A skill at the top of the archive has no folder of its own: its name is its folder's.
    const parsed = folder === undefined && first.declaredName ? parseSkillMd(skillMd, first.declaredName) : first;
    if (!parsed.frontMatter) {
      const e = parsed.diagnostics.find((d) => d.severity === "error")!;
      problems.push(`${md.path} line ${e.range.startLine}: ${e.message}`);
      continue;
    }
    const resources: SkillFile[] = [];
    for (const f of files) {
      if (f === md || !f.path.startsWith(prefix)) continue;
      const rel = f.path.slice(prefix.length);
      const text = decode(f.data);
      if (text === null) warnings.push(`${f.path} is not UTF-8 text and was skipped.`);
      else resources.push({ path: rel, content: text });
    }
    try {
      skills.push({ name: parsed.frontMatter.name, skillMd, parsed, files: checkSkillFiles(skillMd, resources) });
    } catch (e) {
      if (!SkillFilesError.is(e)) throw e;
      problems.push(`Skill '${parsed.frontMatter.name}': ${e.message}`);
    }
  }
  for (const f of files) {
    if (!roots.some((r) => !r || f.path.startsWith(`${r}/`)))
      warnings.push(`${f.path} is outside every skill folder and was skipped.`);
  }
  const names = skills.map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) problems.push(`Two skills in the archive are named '${twice}'.`);
  if (problems.length)
    throw new SkillArchiveError(`The archive was refused and nothing was imported: ${problems.join(" ")}`, {
      problems,
    });
  return { skills, warnings };
}
