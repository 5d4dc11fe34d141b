/**
 * The compact listing of an agent's skills the model sees in its system prompt (the part recorded
 * as `dynamicRef: "skills"`), and what the skill page previews. Progressive loading: only each
 * skill's name and description are here; `load_skill` gives the instructions. Browser-safe.
 */

export const SKILLS_PROMPT_REF = "skills";

/** The listing for these skills, in the agent's order (empty text when there are none). */
export function renderSkillListing(skills: ReadonlyArray<{ name: string; description: string }>): string {
  if (!skills.length) return "";
  const lines = skills.map((s) => `- ${s.name}: ${s.description.replace(/\s+/g, " ").trim()}`);
  return [
    "## Skills",
    "You have these skills. When a task matches a skill's description, call `load_skill` with its name to read its full instructions before you act; call `read_skill_resource` for a file those instructions name. Scripts in a skill are for reading, never run.",
    "",
    ...lines,
  ].join("\n");
}
