/**
 * Importing an archive of skills (POST /api/skills/import): read and check everything first
 * (skill-archive.ts), then store every skill in one transaction — a new skill at version 1, a
 * skill the studio has already as its next version. All or nothing.
 */
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import type { ArchiveKind } from "./archive-entries";
import { insertVersion } from "./save-skill";
import { skillsInArchive } from "./skill-archive";

export interface ImportedSkill {
  name: string;
  version: number;
  created: boolean;
  files: number;
}

export async function importSkillArchive(
  db: Db,
  by: Principal | null,
  bytes: Uint8Array,
  kind: ArchiveKind,
): Promise<{ skills: ImportedSkill[]; warnings: string[] }> {
  const { skills, warnings } = await skillsInArchive(bytes, kind);
  const workspaceId = await currentWorkspaceId(db);
  const imported = await db.$transaction(async (tx) => {
    const out: ImportedSkill[] = [];
    for (const s of skills) {
      const existing = await tx.skill.findUnique({ where: { workspaceId_name: { workspaceId, name: s.name } } });
      const saved = await insertVersion(
        tx,
        workspaceId,
        s.name,
        existing,
        { skillMd: s.skillMd, files: s.files },
        s.parsed,
        by,
      );
      out.push({ name: s.name, version: saved.version, created: !existing, files: s.files.length });
    }
    return out;
  });
  return { skills: imported, warnings };
}
