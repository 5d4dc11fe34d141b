import { skillsApi } from "@/lib/api/contracts/skills.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { parseSkillMd } from "@/lib/skills/parse-skill-md";
import { renderSkillListing } from "@/lib/skills/skill-listing.shared";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The skill page's live check: diagnostics and the listing the model would see; nothing stored. */
  POST: defineRoute(skillsApi.analyze, { access: ["author"] }, ({ body }) => {
    const first = parseSkillMd(body.skillMd, body.folder);
    const parsed = body.folder || !first.declaredName ? first : parseSkillMd(body.skillMd, first.declaredName);
    return {
      diagnostics: parsed.diagnostics,
      frontMatter: parsed.frontMatter,
      listing: parsed.frontMatter ? renderSkillListing([parsed.frontMatter]) : "",
    };
  }),
});
