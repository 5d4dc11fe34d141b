import { skillsApi } from "@/lib/api/contracts/skills.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listSkills } from "@/lib/skills/list-skills";
import { createSkill } from "@/lib/skills/save-skill";
import { skillDirectories } from "@/lib/skills/skill-directory-registry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(skillsApi.list, { access: ANY_ROLE }, async ({ db }) =>
    listSkills(db, await skillDirectories().ready()),
  ),
  /** A new studio skill at version 1 (400 `SkillDefinitionError` with diagnostics when SKILL.md does not parse). */
  POST: defineRoute(skillsApi.create, { access: ["author"] }, async ({ body, principal, db }) => {
    const saved = await createSkill(db, principal, body);
    return { name: saved.name, version: saved.version, diagnostics: saved.diagnostics };
  }),
});
