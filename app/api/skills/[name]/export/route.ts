import { skillsApi } from "@/lib/api/contracts/skills.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { exportSkillZip } from "@/lib/skills/export-skill";
import { skillDirectories } from "@/lib/skills/skill-directory-registry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The skill's folder as a .zip: the studio skill at ?version=N (else its active version), else the directory skill. */
  GET: defineRoute(skillsApi.exportZip, { access: ANY_ROLE }, async ({ params, query, db }) => {
    const zip = await exportSkillZip(db, await skillDirectories().ready(), params.name, query.version);
    return new Response(Buffer.from(zip), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${params.name}.zip"`,
      },
    });
  }),
});
