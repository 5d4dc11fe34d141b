/**
 * A skill as the studio shows it and the HTTP contract answers it (lib/api/contracts/skills.shared.ts):
 * diagnostics in the tools' shape, files, the library's rows and one skill with its versions.
 * Browser-safe: zod and shared modules only.
 */
import { z } from "zod";
import { SourceRange } from "../tools/tool-analysis.shared";
import { SkillName } from "./skill-name.shared";

/**
 * `SkillDefinitionError`: the SKILL.md cannot be used (a draft at most); `SkillDefinitionWarning`:
 * worth fixing, never blocks (an unknown front matter key).
 */
export const SkillDiagnostic = z.object({
  severity: z.enum(["error", "warning"]),
  code: z.enum(["SkillDefinitionError", "SkillDefinitionWarning"]),
  message: z.string(),
  range: SourceRange,
});
export type SkillDiagnostic = z.infer<typeof SkillDiagnostic>;

/** One resource file of a skill: a relative path inside it and its text. */
export const SkillFile = z.object({ path: z.string().min(1), content: z.string() });
export type SkillFile = z.infer<typeof SkillFile>;

/** The front matter as parsed (only what the format defines; unknown keys are warnings). */
export const SkillFrontMatter = z.object({
  name: z.string(),
  description: z.string(),
  license: z.string().nullable(),
  compatibility: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  allowedTools: z.array(z.string()).nullable(),
});
export type SkillFrontMatter = z.infer<typeof SkillFrontMatter>;

/** Where a skill in the library comes from. */
export const SkillSource = z.enum(["studio", "directory"]);
export type SkillSource = z.infer<typeof SkillSource>;

/** A skill read from a directory of ATELIER_SKILLS_DIRS (read-only). */
export const DirectorySkillView = z.object({
  name: SkillName,
  description: z.string(),
  directory: z.string(),
  frontMatter: SkillFrontMatter,
  instructions: z.string(),
  skillMd: z.string(),
  files: z.array(z.object({ path: z.string(), size: z.number().int().nonnegative() })),
  warnings: z.array(z.string()),
});
export type DirectorySkillView = z.infer<typeof DirectorySkillView>;

/** A row of the library. `overridden`: another skill of the same name wins over this one. */
export const SkillSummary = z.object({
  name: z.string(),
  description: z.string(),
  source: SkillSource,
  /** The studio skill's active version (null while every version is a draft); null for a directory skill. */
  activeVersion: z.number().int().min(1).nullable(),
  latestVersion: z.number().int().min(0).nullable(),
  /** The directory a directory skill was read from. */
  directory: z.string().nullable(),
  fileCount: z.number().int().nonnegative(),
  overridden: z.boolean(),
  warnings: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type SkillSummary = z.infer<typeof SkillSummary>;

export const SkillVersionSummary = z.object({
  version: z.number().int().min(1),
  valid: z.boolean(),
  description: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SkillVersionSummary = z.infer<typeof SkillVersionSummary>;

/** A studio skill at one version, with its history and the agents attaching it. */
export const SkillDetail = z.object({
  name: SkillName,
  source: z.literal("studio"),
  activeVersion: z.number().int().min(1).nullable(),
  latestVersion: z.number().int().min(1),
  version: z.number().int().min(1),
  valid: z.boolean(),
  skillMd: z.string(),
  frontMatter: SkillFrontMatter.nullable(),
  files: z.array(SkillFile),
  diagnostics: z.array(SkillDiagnostic),
  versions: z.array(SkillVersionSummary),
  usedBy: z.array(z.object({ agentId: z.string(), name: z.string() })),
  /** A directory skill of the same name this studio skill overrides. */
  overrides: z.string().nullable(),
});
export type SkillDetail = z.infer<typeof SkillDetail>;
