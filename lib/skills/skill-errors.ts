/** The errors of lib/skills, each with its public code (lib/errors.ts). */
import { AppError } from "../errors";
import type { SkillDiagnostic } from "./skill-views.shared";

/** A SKILL.md that does not parse where a valid one is needed (POST /api/skills): 400 with `diagnostics`. */
export class SkillDefinitionError extends AppError {
  static override readonly kind: string = "SkillDefinitionError";
  constructor(
    message: string,
    readonly diagnostics: SkillDiagnostic[],
  ) {
    super("SkillDefinitionError", message, { diagnostics });
  }
}

/** An archive refused as a whole (bad format, too large, unsafe path, bad skill): nothing is stored. */
export class SkillArchiveError extends AppError {
  static override readonly kind: string = "SkillArchiveError";
  constructor(message: string, details: Record<string, unknown> = {}) {
    super("SkillArchiveError", message, details);
  }
}

/** A skill deleted while agents attach it (409 `SkillInUse`, naming them). */
export class SkillInUseError extends AppError {
  static override readonly kind: string = "SkillInUseError";
  constructor(name: string, agents: Array<{ id: string; name: string }>) {
    super(
      "SkillInUse",
      `Skill '${name}' is attached to ${agents.map((a) => `'${a.name}'`).join(", ")}; detach it from those agents first.`,
      { agents },
    );
  }
}
