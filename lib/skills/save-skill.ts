/**
 * Saving studio skills as immutable versions (lib/skills/README.md, "Versions"). A new skill needs a
 * SKILL.md that parses (else 400 `SkillDefinitionError` with the diagnostics, nothing stored). A
 * later save of one that does not parse is kept as a draft: it gets a version number and can be
 * looked at, but never becomes `activeVersion`, so agents keep the previous one.
 */
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { jsonColumn, readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { ConflictError, NotFoundError } from "../errors";
import { parseSkillMd, type ParsedSkillMd } from "./parse-skill-md";
import { SkillDefinitionError } from "./skill-errors";
import { checkSkillFiles } from "./skill-files";
import type { SkillDiagnostic, SkillFile } from "./skill-views.shared";

export interface SkillInput {
  skillMd: string;
  files?: SkillFile[];
}

export interface SavedSkillVersion {
  name: string;
  version: number;
  activeVersion: number | null;
  diagnostics: SkillDiagnostic[];
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

function firstError(parsed: ParsedSkillMd): string {
  const e = parsed.diagnostics.find((d) => d.severity === "error");
  return e ? `SKILL.md line ${e.range.startLine}: ${e.message}` : "SKILL.md does not parse.";
}

function versionRow(version: number, input: Required<SkillInput>, parsed: ParsedSkillMd, by: Principal | null) {
  return {
    version,
    skillMd: input.skillMd,
    description: parsed.frontMatter?.description ?? "",
    files: jsonColumn(input.files),
    diagnostics: jsonColumn(parsed.diagnostics),
    valid: parsed.frontMatter !== null,
    createdById: by?.id ?? null,
    createdByName: by?.name ?? null,
  };
}

/** The SKILL.md's name when it parses well enough to have a valid one (for a new skill). */
function parseNew(skillMd: string): ParsedSkillMd {
  const first = parseSkillMd(skillMd);
  // The folder of a skill authored in the studio is its own name.
  return first.declaredName ? parseSkillMd(skillMd, first.declaredName) : first;
}

/** Creates a studio skill at version 1 (active). */
export async function createSkill(db: Db, by: Principal | null, input: SkillInput): Promise<SavedSkillVersion> {
  const parsed = parseNew(input.skillMd);
  if (!parsed.frontMatter) throw new SkillDefinitionError(firstError(parsed), parsed.diagnostics);
  const files = checkSkillFiles(input.skillMd, input.files ?? []);
  const workspaceId = await currentWorkspaceId(db);
  const name = parsed.frontMatter.name;
  return db.$transaction(async (tx) => {
    if (await tx.skill.findUnique({ where: { workspaceId_name: { workspaceId, name } } }))
      throw new ConflictError(`A skill named '${name}' already exists; open it and save a new version.`);
    await insertVersion(tx, workspaceId, name, null, { skillMd: input.skillMd, files }, parsed, by);
    return { name, version: 1, activeVersion: 1, diagnostics: parsed.diagnostics };
  });
}

/**
 * Saves a new version of the skill `name` (its folder: the front matter's name must stay `name`).
 * Without `files`, the version keeps the previous version's files.
 */
export async function saveSkillVersion(
  db: Db,
  by: Principal | null,
  name: string,
  input: SkillInput,
): Promise<SavedSkillVersion> {
  const workspaceId = await currentWorkspaceId(db);
  const parsed = parseSkillMd(input.skillMd, name);
  return db.$transaction(async (tx) => {
    const skill = await tx.skill.findUnique({ where: { workspaceId_name: { workspaceId, name } } });
    if (!skill) throw new NotFoundError(`No skill named '${name}' in the studio.`);
    let files = input.files;
    if (!files) {
      const last = await tx.skillVersion.findUnique({
        where: { skillId_version: { skillId: skill.id, version: skill.latestVersion } },
      });
      files = last ? readJsonColumn<SkillFile[]>(last.files) : [];
    }
    files = checkSkillFiles(input.skillMd, files);
    return insertVersion(tx, workspaceId, name, skill, { skillMd: input.skillMd, files }, parsed, by);
  });
}

/** Appends one version (creating the skill when `skill` is null) inside a transaction. */
export async function insertVersion(
  tx: Tx,
  workspaceId: string,
  name: string,
  skill: { id: string; latestVersion: number; activeVersion: number | null } | null,
  input: Required<SkillInput>,
  parsed: ParsedSkillMd,
  by: Principal | null,
): Promise<SavedSkillVersion> {
  const version = (skill?.latestVersion ?? 0) + 1;
  const valid = parsed.frontMatter !== null;
  const activeVersion = valid ? version : (skill?.activeVersion ?? null);
  if (!skill) {
    await tx.skill.create({
      data: {
        workspaceId,
        name,
        activeVersion,
        latestVersion: version,
        versions: { create: versionRow(version, input, parsed, by) },
      },
    });
  } else {
    await tx.skill.update({ where: { id: skill.id }, data: { activeVersion, latestVersion: version } });
    await tx.skillVersion.create({ data: { skillId: skill.id, ...versionRow(version, input, parsed, by) } });
  }
  return { name, version, activeVersion, diagnostics: parsed.diagnostics };
}
