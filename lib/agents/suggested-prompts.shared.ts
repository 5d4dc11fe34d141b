/**
 * An agent's suggested prompts (lib/agents/README.md, "Suggested prompts"): up to six short
 * messages a first-time user can send with one click from an empty conversation. Each is trimmed,
 * not empty, and at most 200 characters; the same text is not listed twice. Part of the version's
 * configuration and of the agent file. Browser-safe (zod only): the route, the editor and the
 * import validate with the same rules.
 */
import { z } from "zod";

export const MAX_SUGGESTED_PROMPTS = 6;
export const MAX_SUGGESTED_PROMPT_CHARS = 200;

export const SuggestedPrompt = z
  .string({ error: "A suggested prompt is text" })
  .trim()
  .min(1, "A suggested prompt is not empty (remove it instead)")
  .max(MAX_SUGGESTED_PROMPT_CHARS, `Keep a suggested prompt to ${MAX_SUGGESTED_PROMPT_CHARS} characters`);

export const SuggestedPrompts = z
  .array(SuggestedPrompt, { error: "suggestedPrompts is a list of texts" })
  .max(MAX_SUGGESTED_PROMPTS, `An agent suggests at most ${MAX_SUGGESTED_PROMPTS} prompts`)
  .superRefine((prompts, ctx) => {
    prompts.forEach((p, i) => {
      if (prompts.indexOf(p) !== i)
        ctx.addIssue({ code: "custom", path: [i], message: `"${p}" is already suggested above` });
    });
  });
export type SuggestedPrompts = z.infer<typeof SuggestedPrompts>;
