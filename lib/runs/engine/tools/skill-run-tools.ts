/**
 * The built-in skill tools as a run calls them (lib/skills/skill-tools.ts): `load_skill` and
 * `read_skill_resource` over the skills the run resolved when it started. Both only read.
 */
import {
  LOAD_SKILL,
  LOAD_SKILL_TOOL,
  loadSkill,
  READ_SKILL_RESOURCE_TOOL,
  readSkillResource,
  skillToolArgumentError,
  type RunSkill,
} from "../../../skills/skill-tools";
import type { RunTool } from "../run-tool";

export function skillRunTools(skills: readonly RunSkill[]): RunTool[] {
  if (!skills.length) return [];
  return [LOAD_SKILL_TOOL, READ_SKILL_RESOURCE_TOOL].map((def) => ({
    name: def.name,
    description: def.description,
    parameters: structuredClone(def.parameters) as unknown as Record<string, unknown>,
    sideEffecting: false,
    idempotent: true,
    requiresApproval: false,
    kind: "skill",
    target: null,
    checkArguments(args) {
      const message = skillToolArgumentError(def.name, args);
      return message ? { type: "ToolArgumentError", message } : null;
    },
    async execute(args) {
      const a = args as { name: string; path: string };
      return def.name === LOAD_SKILL ? loadSkill(skills, a) : readSkillResource(skills, a);
    },
  }));
}
