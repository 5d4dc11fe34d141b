/**
 * The two built-in tools an agent with skills gets (lib/skills/README.md, "Progressive loading"):
 * `load_skill(name)` answers a skill's full instructions and the sorted paths of its resources;
 * `read_skill_resource(name, path)` answers one resource, confined to the skill and cut at
 * MAX_RESOURCE_READ_CHARS. Both only read: a script in a skill is text to read, never run, and
 * `allowed-tools` is shown, not enforced. Pure: the run engine builds its RunTools from these.
 */
import { MAX_RESOURCE_READ_CHARS } from "./skill-limits.shared";
import { resourcePathProblem } from "./skill-resource-path.shared";

export const LOAD_SKILL = "load_skill";
export const READ_SKILL_RESOURCE = "read_skill_resource";
export const SKILL_TOOL_NAMES: readonly string[] = [LOAD_SKILL, READ_SKILL_RESOURCE];

/** One attached skill as a run uses it (resolved when the run starts). */
export interface RunSkill {
  name: string;
  /** The studio skill's active version; null for a directory skill. */
  version: number | null;
  description: string;
  instructions: string;
  allowedTools: string[] | null;
  /** Resource paths, sorted. */
  resources: string[];
  /** One resource's text (at most MAX_RESOURCE_READ_CHARS + 1 characters), or null when there is none. */
  readResource(path: string): Promise<string | null>;
}

export type SkillToolAnswer = { ok: true; result: unknown } | { ok: false; error: { type: string; message: string } };

export const LOAD_SKILL_TOOL = {
  name: LOAD_SKILL,
  description:
    "Load one of your skills by name: answers its full instructions and the paths of its resource files (read them with read_skill_resource). Call it when a task matches a skill listed in your instructions.",
  parameters: {
    type: "object",
    properties: { name: { type: "string", description: "The skill's name, as listed under Skills." } },
    required: ["name"],
    additionalProperties: false,
  },
} as const;

export const READ_SKILL_RESOURCE_TOOL = {
  name: READ_SKILL_RESOURCE,
  description:
    "Read one resource file of a skill you loaded (a path load_skill listed, e.g. references/guide.md). Scripts are returned as text; they are never run.",
  parameters: {
    type: "object",
    properties: {
      name: { type: "string", description: "The skill's name." },
      path: { type: "string", description: "The resource's path inside the skill, as load_skill listed it." },
    },
    required: ["name", "path"],
    additionalProperties: false,
  },
} as const;

/** The argument error for these arguments, or null when they are fine. */
export function skillToolArgumentError(tool: string, args: unknown): string | null {
  const a = (args ?? {}) as Record<string, unknown>;
  if (typeof args !== "object" || args === null || Array.isArray(args)) return "Arguments are a JSON object.";
  if (typeof a.name !== "string" || !a.name) return "'name' is the skill's name (text).";
  if (tool === READ_SKILL_RESOURCE && (typeof a.path !== "string" || !a.path))
    return "'path' is the resource's path inside the skill (text).";
  const allowed = tool === READ_SKILL_RESOURCE ? ["name", "path"] : ["name"];
  const extra = Object.keys(a).find((k) => !allowed.includes(k));
  return extra ? `Unknown argument '${extra}'.` : null;
}

function unknownSkill(skills: readonly RunSkill[], name: string): SkillToolAnswer {
  return {
    ok: false,
    error: {
      type: "SkillNotFound",
      message: `No skill named '${name}' is attached; the attached skills are: ${skills.map((s) => s.name).join(", ") || "none"}.`,
    },
  };
}

export function loadSkill(skills: readonly RunSkill[], args: { name: string }): SkillToolAnswer {
  const skill = skills.find((s) => s.name === args.name);
  if (!skill) return unknownSkill(skills, args.name);
  return {
    ok: true,
    result: {
      name: skill.name,
      ...(skill.version !== null ? { version: skill.version } : {}),
      instructions: skill.instructions,
      resources: [...skill.resources].sort(),
      ...(skill.allowedTools ? { allowedTools: skill.allowedTools } : {}),
    },
  };
}

export async function readSkillResource(
  skills: readonly RunSkill[],
  args: { name: string; path: string },
): Promise<SkillToolAnswer> {
  const skill = skills.find((s) => s.name === args.name);
  if (!skill) return unknownSkill(skills, args.name);
  const problem = resourcePathProblem(args.path);
  if (problem) return { ok: false, error: { type: "SkillResourcePathError", message: problem } };
  const text = skill.resources.includes(args.path) ? await skill.readResource(args.path) : null;
  if (text === null)
    return {
      ok: false,
      error: {
        type: "SkillResourceNotFound",
        message: `Skill '${skill.name}' has no resource '${args.path}'; its resources are: ${skill.resources.join(", ") || "none"}.`,
      },
    };
  const truncated = text.length > MAX_RESOURCE_READ_CHARS;
  return {
    ok: true,
    result: {
      name: skill.name,
      path: args.path,
      content: truncated ? text.slice(0, MAX_RESOURCE_READ_CHARS) : text,
      ...(truncated ? { truncated: true, note: `Cut at ${MAX_RESOURCE_READ_CHARS} characters.` } : {}),
    },
  };
}
