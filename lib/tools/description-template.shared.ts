/**
 * Tool-side templates (lib/tools/README.md, "Three template syntaxes"): a tool's description, or a
 * parameter's, may name `{{context.<field>}}` and plain connection fields `{{connections.<name>.<field>}}`,
 * with a fallback: `{{context.accountName | "the customer's account"}}`. Only those two roots are
 * templates; any other `{{…}}` stays literal. A missing value without a fallback renders empty (and
 * is reported, for the preview). A secret is never substituted. Browser-safe.
 */

/** One `{{…}}` the renderer recognised. */
export interface TemplateRef {
  root: "context" | "connections";
  /** `["plan"]` for context, `["billing", "region"]` for a connection field. */
  path: string[];
  fallback: string | null;
  /** The whole `{{…}}` as written, and where it starts in the text. */
  raw: string;
  index: number;
}

const TEMPLATE = /\{\{\s*(context|connections)((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*(?:\|\s*"((?:[^"\\]|\\.)*)"\s*)?\}\}/g;

/** The templates in a text, in order (any other `{{…}}` is not one). */
export function templateRefs(text: string): TemplateRef[] {
  const refs: TemplateRef[] = [];
  for (const m of text.matchAll(TEMPLATE)) {
    const path = m[2].slice(1).split(".");
    const root = m[1] as TemplateRef["root"];
    // context.<field>, connections.<name>.<field>: anything deeper or shallower stays literal.
    if ((root === "context" && path.length !== 1) || (root === "connections" && path.length !== 2)) continue;
    refs.push({
      root,
      path,
      fallback: m[3] === undefined ? null : m[3].replace(/\\(.)/g, "$1"),
      raw: m[0],
      index: m.index,
    });
  }
  return refs;
}

export interface TemplateValues {
  context?: Readonly<Record<string, unknown>>;
  /** Plain fields only, by connection then field (secret fields are never here). */
  connections?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface RenderedTemplate {
  text: string;
  /** Templates that had no value and no fallback (rendered empty). */
  missing: TemplateRef[];
}

function valueOf(ref: TemplateRef, values: TemplateValues): string | null {
  if (ref.root === "context") {
    const v = values.context?.[ref.path[0]];
    return v === undefined || v === null || v === "" ? null : String(v);
  }
  const v = values.connections?.[ref.path[0]]?.[ref.path[1]];
  return v === undefined || v === "" ? null : v;
}

/** Renders the templates of `text` with `values` (fallbacks where a value is missing). */
export function renderToolTemplate(text: string, values: TemplateValues = {}): RenderedTemplate {
  const refs = templateRefs(text);
  if (!refs.length) return { text, missing: [] };
  const missing: TemplateRef[] = [];
  let out = "";
  let at = 0;
  for (const ref of refs) {
    out += text.slice(at, ref.index);
    const value = valueOf(ref, values);
    if (value !== null) out += value;
    else if (ref.fallback !== null) out += ref.fallback;
    else missing.push(ref);
    at = ref.index + ref.raw.length;
  }
  return { text: out + text.slice(at), missing };
}
