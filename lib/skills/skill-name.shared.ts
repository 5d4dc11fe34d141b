/**
 * A skill's name (lib/skills/README.md): 1–64 lowercase letters, digits or hyphens, no leading,
 * trailing or doubled hyphen, and equal to its folder's name. Browser-safe (zod only).
 */
import { z } from "zod";

export const SKILL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SKILL_NAME_LENGTH = 64;

export const SkillName = z
  .string({ error: "A skill's name is text" })
  .min(1, "A skill's name is not empty")
  .max(MAX_SKILL_NAME_LENGTH, `A skill's name is at most ${MAX_SKILL_NAME_LENGTH} characters`)
  .regex(
    SKILL_NAME_PATTERN,
    "A skill's name is lowercase letters, digits and single hyphens (not at the start or end)",
  );
export type SkillName = z.infer<typeof SkillName>;

/** The skills an agent attaches, by name, each once. */
export const AgentSkills = z
  .array(SkillName)
  .max(64, "An agent attaches at most 64 skills")
  .superRefine((names, ctx) => {
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) ctx.addIssue({ code: "custom", path: [i], message: `"${n}" is already attached` });
    });
  });
