/**
 * The HTTP contract of skills (docs/skills.md, docs/http-contract.md): the library (studio and
 * directory skills), saving SKILL.md as versions, live analysis, import of `.zip`/`.tar.gz`
 * archives, export as `.zip`, and the Refresh of ATELIER_SKILLS_DIRS. Authors write; every role
 * reads. Browser-safe: zod and shared modules only.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import { SkillName } from "../../skills/skill-name.shared";
import { MAX_SKILL_MD_BYTES } from "../../skills/skill-limits.shared";
import {
  DirectorySkillView,
  SkillDetail,
  SkillDiagnostic,
  SkillFile,
  SkillFrontMatter,
  SkillSummary,
} from "../../skills/skill-views.shared";

const SkillParams = z.object({ name: SkillName });

/** A SKILL.md and, optionally, its resource files (PUT without `files` keeps the previous version's). */
export const SkillInput = z.object({
  skillMd: z
    .string({ error: "skillMd is the SKILL.md text" })
    .max(MAX_SKILL_MD_BYTES, `SKILL.md is at most ${MAX_SKILL_MD_BYTES / 1024} KiB`),
  files: z.array(SkillFile).optional(),
});
export type SkillInput = z.infer<typeof SkillInput>;

/** Archives are read up to this size (the limits of the unpacked contents are in skill-limits.shared.ts). */
export { MAX_ARCHIVE_BYTES } from "../../skills/skill-limits.shared";

export const skillsApi = {
  /** Every studio and directory skill, with overrides and directory problems as warnings. */
  list: endpoint({
    method: "GET",
    path: "/api/skills",
    response: z.object({
      skills: z.array(SkillSummary),
      warnings: z.array(z.string()),
      directories: z.array(z.string()),
    }),
  }),
  /** A new studio skill at version 1; a SKILL.md that does not parse is a 400 with `diagnostics` and nothing stored. */
  create: endpoint({
    method: "POST",
    path: "/api/skills",
    body: SkillInput,
    response: z.object({ name: SkillName, version: z.number().int().min(1), diagnostics: z.array(SkillDiagnostic) }),
    status: 201,
  }),
  /** SKILL.md → its diagnostics, front matter and the listing the model would see (nothing stored). */
  analyze: endpoint({
    method: "POST",
    path: "/api/skills/analyze",
    body: z.object({ skillMd: SkillInput.shape.skillMd, folder: SkillName.optional() }),
    response: z.object({
      diagnostics: z.array(SkillDiagnostic),
      frontMatter: SkillFrontMatter.nullable(),
      listing: z.string(),
    }),
  }),
  /** Rescans ATELIER_SKILLS_DIRS; a skill whose SKILL.md no longer parses keeps its previous entry. */
  refresh: endpoint({
    method: "POST",
    path: "/api/skills/refresh",
    response: z.object({
      revision: z.number().int().min(0),
      added: z.array(z.string()),
      updated: z.array(z.string()),
      removed: z.array(z.string()),
      warnings: z.array(z.string()),
    }),
  }),
  /**
   * Imports a `.zip` (`Content-Type: application/zip`) or `.tar.gz` (`application/gzip`) of one skill
   * folder or a folder of them: all or nothing (400 `SkillArchiveError` with the reason).
   */
  importArchive: endpoint({
    method: "POST",
    path: "/api/skills/import",
    response: z.object({
      skills: z.array(
        z.object({
          name: SkillName,
          version: z.number().int().min(1),
          created: z.boolean(),
          files: z.number().int().nonnegative(),
        }),
      ),
      warnings: z.array(z.string()),
    }),
    status: 201,
  }),
  /** A skill: the studio's at a version (latest unless ?version=N) and the directory skill of that name. */
  get: endpoint({
    method: "GET",
    path: "/api/skills/:name",
    params: SkillParams,
    query: z.object({ version: z.coerce.number().int().min(1).optional() }),
    response: z.object({ skill: SkillDetail.nullable(), directory: DirectorySkillView.nullable() }),
  }),
  /**
   * A new version of a studio skill. One whose SKILL.md does not parse is stored as a draft that
   * never becomes `activeVersion` (agents keep the previous one); `diagnostics` says why.
   */
  update: endpoint({
    method: "PUT",
    path: "/api/skills/:name",
    params: SkillParams,
    body: SkillInput,
    response: z.object({
      name: SkillName,
      version: z.number().int().min(1),
      activeVersion: z.number().int().min(1).nullable(),
      diagnostics: z.array(SkillDiagnostic),
    }),
  }),
  /** Deletes a studio skill; refused (409 `SkillInUse`) while agents attach it. */
  delete: endpoint({
    method: "DELETE",
    path: "/api/skills/:name",
    params: SkillParams,
    response: DeletedResponse,
  }),
  /** The skill's folder as a `.zip` (`application/zip`; the studio's active version, else the directory's). */
  exportZip: endpoint({
    method: "GET",
    path: "/api/skills/:name/export",
    params: SkillParams,
    query: z.object({ version: z.coerce.number().int().min(1).optional() }),
    response: z.unknown(),
  }),
};
