import { skillsApi } from "@/lib/api/contracts/skills.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { skillDirectories } from "@/lib/skills/skill-directory-registry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Rescans ATELIER_SKILLS_DIRS (a skill whose SKILL.md no longer parses keeps its previous entry). */
  POST: defineRoute(skillsApi.refresh, { access: ["author"] }, async () => {
    const registry = skillDirectories();
    const changes = await registry.refresh();
    return { ...changes, warnings: registry.warnings() };
  }),
});
