/**
 * Tool-side templates in the analyser (lib/tools/README.md, "Templates in descriptions"): the
 * description and each parameter's description may name `{{context.x}}`, `{{context.x | "fallback"}}`
 * and `{{connections.name.field}}` (description-template.shared.ts). The analysis keeps the texts as
 * written in `AnalyzedTool.templates` and shows every consumer (the preview, `/schema`, the 30-char
 * floor) the text rendered with its fallbacks only: no values, a value without a fallback is empty.
 * Naming a secret field is an error (a secret never reaches the model); a connection or field the
 * studio does not have, or a connection the tool does not declare, is a warning.
 */
import { renderToolTemplate, templateRefs } from "./description-template.shared";
import { reprValue } from "./repr";
import type { AnalysisKnown, JsonSchema } from "./tool-types";

/** The text as every consumer of the analysis sees it: rendered with fallbacks, no values. */
export function renderWithFallbacks(text: string): string {
  return renderToolTemplate(text).text;
}

export function hasTemplates(text: string): boolean {
  return templateRefs(text).length > 0;
}

/** Keywords whose value is one subschema, and those holding subschemas by name or by position. */
const ONE = ["items", "additionalProperties", "not", "contains", "if", "then", "else", "propertyNames"];
const BY_NAME = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const BY_POSITION = ["anyOf", "oneOf", "allOf", "prefixItems"];

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function isSchema(v: unknown): v is JsonSchema {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * The schema with every `description` written with templates rendered with fallbacks, and those
 * descriptions as written by JSON pointer ("/properties/city"). Only schema keywords are walked
 * (a `default` or `examples` value is data, left alone).
 */
export function renderParameterTemplates(schema: JsonSchema): { schema: JsonSchema; raw: Record<string, string> } {
  const raw: Record<string, string> = {};
  const walk = (node: JsonSchema, pointer: string): JsonSchema => {
    const out: JsonSchema = { ...node };
    if (typeof node.description === "string" && hasTemplates(node.description)) {
      raw[pointer] = node.description;
      out.description = renderWithFallbacks(node.description);
    }
    for (const key of ONE) {
      if (isSchema(node[key])) out[key] = walk(node[key], `${pointer}/${key}`);
    }
    for (const key of BY_NAME) {
      const map = node[key];
      if (!isSchema(map)) continue;
      out[key] = Object.fromEntries(
        Object.entries(map).map(([k, v]) => [k, isSchema(v) ? walk(v, `${pointer}/${key}/${escapePointer(k)}`) : v]),
      );
    }
    for (const key of BY_POSITION) {
      const list = node[key];
      if (Array.isArray(list))
        out[key] = list.map((v: unknown, i) => (isSchema(v) ? walk(v, `${pointer}/${key}/${i}`) : v));
    }
    return out;
  };
  const rendered = walk(schema, "");
  return { schema: Object.keys(raw).length ? rendered : schema, raw };
}

export interface TemplateProblem {
  severity: "error" | "warning";
  message: string;
  /** The `{{…}}` as written, to find it in the source. */
  raw: string;
}

/** The connection templates' problems (each distinct one once), given the declared connections and what the studio knows. */
export function checkTemplateRefs(
  texts: string[],
  declared: readonly string[],
  known: AnalysisKnown | undefined,
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const add = (p: TemplateProblem) => {
    if (!problems.some((q) => q.raw === p.raw && q.message === p.message)) problems.push(p);
  };
  for (const text of texts) {
    for (const ref of templateRefs(text)) {
      if (ref.root !== "connections") continue;
      const [name, field] = ref.path;
      const connection = known?.connections.find((c) => c.name === name);
      const stored = connection?.fields.find((f) => f.name === field);
      if (stored?.secret) {
        add({
          severity: "error",
          raw: ref.raw,
          message:
            `${ref.raw} names the secret field ${reprValue(field)} of connection ${reprValue(name)}: a secret is ` +
            `never written into a description the model reads; use a plain field, or read it in the body ` +
            `as ctx.connections.${name}.${field}`,
        });
        continue;
      }
      const notes: string[] = [];
      if (!declared.includes(name))
        notes.push(`connection ${reprValue(name)} is not in this tool's \`connections\`, so a run does not provide it`);
      if (known && !connection) notes.push(`no connection named ${reprValue(name)} exists in this studio yet`);
      else if (known && !stored) notes.push(`connection ${reprValue(name)} has no field ${reprValue(field)}`);
      if (notes.length)
        add({
          severity: "warning",
          raw: ref.raw,
          message: `${ref.raw}: ${notes.join("; ")} (it renders ${ref.fallback === null ? "empty" : "its fallback"})`,
        });
    }
  }
  return problems;
}
