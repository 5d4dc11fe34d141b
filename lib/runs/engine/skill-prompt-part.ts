/**
 * The system prompt's skills part (lib/skills/README.md, "Runs"): the compact listing of the
 * attached skills — name and description each — recorded as `dynamicRef: "skills"`. Rendered from
 * the skills the run resolved at its start, so a change to the attached skills (or a new active
 * version's description) changes the recorded system prompt at the next run.
 */
import type { RenderedPromptPart } from "../../agents/prompt-template";
import { renderSkillListing, SKILLS_PROMPT_REF } from "../../skills/skill-listing.shared";
import type { RunSkill } from "../../skills/skill-tools";

export function skillPromptParts(skills: readonly RunSkill[] | undefined): RenderedPromptPart[] {
  const content = renderSkillListing(skills ?? []);
  return content ? [{ dynamicRef: SKILLS_PROMPT_REF, content }] : [];
}

/** What RunStarted records of them: each skill's name and the version used (null: a directory skill). */
export function runSkillRefs(skills: readonly RunSkill[] | undefined) {
  return skills?.length ? { skills: skills.map((s) => ({ name: s.name, version: s.version })) } : {};
}
