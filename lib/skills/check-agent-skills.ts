/**
 * The rules of an agent's `skills` that need the studio (save-agent.ts asks): every name is a skill
 * the studio has (a studio skill with an active version, or a directory skill), and when any is
 * attached, no other tool of the agent is named `load_skill` or `read_skill_resource` (the
 * built-in tools that come with skills).
 */
import type { Db } from "../db/client";
import { unknownSkills } from "./resolve-agent-skills";
import { skillDirectories, type SkillDirectoryRegistry } from "./skill-directory-registry";
import { SKILL_TOOL_NAMES } from "./skill-tools";

export interface SkillIssue {
  path: (string | number)[];
  message: string;
}

export async function agentSkillIssues(
  db: Db,
  skills: readonly string[],
  tools: ReadonlyArray<{ name: string; index?: number }>,
  registry: SkillDirectoryRegistry = skillDirectories(),
): Promise<SkillIssue[]> {
  if (!skills.length) return [];
  const issues: SkillIssue[] = [];
  const unknown = new Set(await unknownSkills(db, registry, skills));
  skills.forEach((name, i) => {
    if (unknown.has(name))
      issues.push({
        path: ["skills", i],
        message: `no skill named '${name}' (or it has no version whose SKILL.md parses); add it in the Skills library first`,
      });
  });
  tools.forEach(({ name, index }, i) => {
    if (SKILL_TOOL_NAMES.includes(name))
      issues.push({
        path: ["tools", index ?? i],
        message: `a tool named '${name}' clashes with the built-in tool of the same name that attached skills bring; rename the tool or detach the skills`,
      });
  });
  return issues;
}
