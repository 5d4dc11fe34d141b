/**
 * The system prompt's configuration (lib/agents/README.md, Rules): a template with `{placeholder}`
 * parameters and the dynamic parts to add on every model call. Browser-safe (zod and the shared
 * template grammar only): the API route and the agent editor validate with it; the server renders
 * with prompt-template.ts.
 */
import { z } from "zod";
import { templatePlaceholders } from "./prompt-template-grammar.shared";

export const PromptConfig = z
  .object({
    template: z.string().max(100_000).default(""),
    params: z
      .record(
        z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "A parameter name is letters, digits and _"),
        z.string().max(20_000),
      )
      .default({}),
    /** Adds "The current date and time is …" on every model call. */
    currentDateTime: z.boolean().default(false),
    /** Adds a reminder to answer with JSON only. */
    jsonOutputReminder: z.boolean().default(false),
  })
  .strict();
export type PromptConfig = z.infer<typeof PromptConfig>;

/** Placeholders with no value in params (rendering would fail). */
export function missingPromptParams(prompt: Pick<PromptConfig, "template" | "params">): string[] {
  return templatePlaceholders(prompt.template).filter((n) => !Object.hasOwn(prompt.params, n));
}
