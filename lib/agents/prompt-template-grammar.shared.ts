/**
 * The prompt template's grammar: `{name}` takes a parameter, `{{` and `}}` write literal braces.
 * Browser-safe (no imports): the server renders with it and the agent editor previews with it,
 * so the preview cannot drift from what the model receives.
 */

const PLACEHOLDER = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholder names a template uses, in first-use order. */
export function templatePlaceholders(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m[1] && !names.includes(m[1])) names.push(m[1]);
  }
  return names;
}

export interface TemplatePart {
  text: string;
  /** A placeholder with no value in params: `text` is the placeholder as written. */
  missing?: boolean;
}

/** The template cut into literal text and filled-in parameters, in order. */
export function templateParts(template: string, params: Record<string, string>): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    parts.push({ text: template.slice(last, m.index) });
    if (m[0] === "{{") parts.push({ text: "{" });
    else if (m[0] === "}}") parts.push({ text: "}" });
    else if (Object.hasOwn(params, m[1]!)) parts.push({ text: params[m[1]!] });
    else parts.push({ text: m[0], missing: true });
    last = m.index! + m[0].length;
  }
  parts.push({ text: template.slice(last) });
  return parts;
}
