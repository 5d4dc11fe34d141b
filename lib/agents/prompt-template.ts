/**
 * The system prompt: a template with `{placeholder}` parameters rendered at config time and
 * `{context.x}` values from the conversation's context, plus optional dynamic parts evaluated fresh
 * on every model call (lib/agents/README.md, Rules and "Conversation context"). `{{` and `}}`
 * stand for literal braces.
 */
import { templateParts } from "./prompt-template-grammar.shared";
import { missingPromptParams, type PromptConfig } from "./prompt-config.shared";
import { BrandedError } from "../errors";

export { templateContextRefs, templatePlaceholders } from "./prompt-template-grammar.shared";

export class PromptRenderError extends BrandedError {
  static override readonly kind: string = "PromptRenderError";
  constructor(readonly missing: string[]) {
    super(
      `The prompt template uses ${missing.map((m) => `{${m}}`).join(", ")} but params has no value for ${missing.length === 1 ? "it" : "them"}`,
    );
  }
}

/**
 * The static part: the template with its params and the conversation's context values filled in (a
 * context value not given renders empty).
 */
export function renderTemplate(
  prompt: Pick<PromptConfig, "template" | "params">,
  context: Readonly<Record<string, unknown>> = {},
): string {
  const missing = missingPromptParams(prompt);
  if (missing.length) throw new PromptRenderError(missing);
  return templateParts(prompt.template, prompt.params, context)
    .map((p) => p.text)
    .join("");
}

export function currentDateTimePrompt(now: Date): string {
  return `The current date and time is ${now
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC")}.`;
}

export const JSON_OUTPUT_REMINDER =
  "Answer with valid JSON only: no prose before or after it, and no Markdown code fences.";

export interface RenderedPromptPart {
  /** null for the static template; the dynamic part's name otherwise. */
  dynamicRef: string | null;
  content: string;
}

/**
 * Every part of the system prompt as the model would see it at `now`, in order; `context` is the
 * conversation's context values (none: every `{context.x}` renders empty).
 */
export function renderSystemPrompt(
  prompt: PromptConfig,
  now: Date = new Date(),
  context: Readonly<Record<string, unknown>> = {},
): RenderedPromptPart[] {
  const parts: RenderedPromptPart[] = [];
  const text = renderTemplate(prompt, context);
  if (text.trim()) parts.push({ dynamicRef: null, content: text });
  if (prompt.currentDateTime) parts.push({ dynamicRef: "currentDateTime", content: currentDateTimePrompt(now) });
  if (prompt.jsonOutputReminder) parts.push({ dynamicRef: "jsonOutputReminder", content: JSON_OUTPUT_REMINDER });
  return parts;
}
