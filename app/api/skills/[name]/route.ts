import { skillsApi } from "@/lib/api/contracts/skills.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { NotFoundError } from "@/lib/errors";
import { deleteSkill, getSkill } from "@/lib/skills/read-skill";
import { saveSkillVersion } from "@/lib/skills/save-skill";
import { skillDirectories } from "@/lib/skills/skill-directory-registry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(skillsApi.get, { access: ANY_ROLE }, async ({ params, query, db }) => {
    const registry = await skillDirectories().ready();
    const dir = registry.get(params.name) ?? null;
    const skill = await getSkill(db, params.name, query.version, (n) => registry.get(n)?.directory).catch((e) => {
      if (NotFoundError.is(e) && dir && query.version === undefined) return null;
      throw e;
    });
    const directory = dir ? (({ fingerprint: _f, ...view }) => view)(dir) : null;
    return { skill, directory };
  }),
  /** A new version; one whose SKILL.md does not parse is a draft (200 with its diagnostics). */
  PUT: defineRoute(skillsApi.update, { access: ["author"] }, ({ params, body, principal, db }) =>
    saveSkillVersion(db, principal, params.name, body),
  ),
  DELETE: defineRoute(skillsApi.delete, { access: ["author"] }, async ({ params, db }) => {
    await deleteSkill(db, params.name);
    return { deleted: params.name };
  }),
});
