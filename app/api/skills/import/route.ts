import { skillsApi } from "@/lib/api/contracts/skills.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { importSkillArchive } from "@/lib/skills/import-skills";
import { readArchiveBody } from "@/lib/skills/read-archive-body";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** A `.zip` or `.tar.gz` of skill folders, all or nothing (docs/skills.md, "Import"). */
  POST: defineRoute(skillsApi.importArchive, { access: ["author"] }, async ({ req, principal, db }) => {
    const { bytes, kind } = await readArchiveBody(req);
    return importSkillArchive(db, principal, bytes, kind);
  }),
});
