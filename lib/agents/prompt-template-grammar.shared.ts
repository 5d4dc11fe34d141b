/**
 * The prompt template's grammar: `{name}` takes a parameter, `{context.name}` a value of the
 * conversation's context (README "Conversation context"; never a parameter), `{{` and `}}` write
 * literal braces. Browser-safe (no imports): the server renders with it and the agent editor
 * previews with it, so the preview cannot drift from what the model receives.
 */

const PLACEHOLDER = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|\{context\.([A-Za-z_][A-Za-z0-9_]{0,63})\}/g;

/** The parameter names a template uses, in first-use order (`{context.x}` is not one). */
export function templatePlaceholders(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m[1] && !names.includes(m[1])) names.push(m[1]);
  }
  return names;
}

/** The context fields a template reads (`{context.x}`), in first-use order. */
export function templateContextRefs(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m[2] && !names.includes(m[2])) names.push(m[2]);
  }
  return names;
}

/** A context value as the prompt shows it (a value not given: empty). */
export function contextValueText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : String(value);
}

export interface TemplatePart {
  text: string;
  /** A placeholder with no value in params: `text` is the placeholder as written. */
  missing?: boolean;
  /** A context reference: the field it reads (`text` is its value, empty when not given). */
  contextRef?: string;
}

/**
 * The template cut into literal text, filled-in parameters and context values, in order. A
 * context value not given renders empty.
 */
export function templateParts(
  template: string,
  params: Record<string, string>,
  context: Readonly<Record<string, unknown>> = {},
): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    parts.push({ text: template.slice(last, m.index) });
    if (m[0] === "{{") parts.push({ text: "{" });
    else if (m[0] === "}}") parts.push({ text: "}" });
    else if (m[2] !== undefined)
      parts.push({
        text: contextValueText(Object.hasOwn(context, m[2]) ? context[m[2]] : undefined),
        contextRef: m[2],
      });
    else if (Object.hasOwn(params, m[1]!)) parts.push({ text: params[m[1]!] });
    else parts.push({ text: m[0], missing: true });
    last = m.index! + m[0].length;
  }
  parts.push({ text: template.slice(last) });
  return parts;
}

export interface UnclosedPlaceholder {
  /** What was written: `{name` (up to the end of the name). */
  text: string;
  /** 0-based offset of its `{`. */
  offset: number;
}

/**
 * Places that look like a placeholder someone forgot to close: `{` followed by a name (or
 * `context.name`) and no `}` right after it. They stay literal text (nothing is refused); the
 * editor warns about them. `{{` is a literal brace, never one of these.
 */
export function unclosedPlaceholders(template: string): UnclosedPlaceholder[] {
  const out: UnclosedPlaceholder[] = [];
  const opener = /\{\{|\}\}|\{((?:context\.)?[A-Za-z_][A-Za-z0-9_]*)(\}?)/g;
  for (const m of template.matchAll(opener)) {
    if (m[1] !== undefined && m[2] === "") out.push({ text: `{${m[1]}`, offset: m.index! });
  }
  return out;
}
