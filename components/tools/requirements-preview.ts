/**
 * The Tool Studio's preview of what a tool needs (pure helpers of tool-requirements-panel.tsx):
 * `availableWhen` in words, the author's sample context values typed as the predicate compares
 * them, the description rendered with them (each template marked: a value, a fallback, missing, or
 * a connection field filled at run time), and whether the tool would be offered with them.
 */
import { isAvailable, type Predicate } from "@/lib/tools/availability.shared";
import { templateRefs, type TemplateRef } from "@/lib/tools/description-template.shared";
import type { AnalyzedTool, ConnectionState } from "@/lib/tools/tool-analysis.shared";
import { predicateLeaves } from "@/lib/tools/tool-requirements.shared";

type Literal = string | number | boolean;

function literal(v: Literal): string {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

function article(role: string): string {
  return /^[aeiou]/i.test(role) ? "an" : "a";
}

/** A predicate in words: `the connection "weather" is configured and (the user is an operator or …)`. */
export function describePredicate(p: Predicate | null | undefined): string {
  if (!p) return "always";
  const nested = (q: Predicate) => {
    const text = describePredicate(q);
    return ("all" in q && q.all.length > 1) || ("any" in q && q.any.length > 1) ? `(${text})` : text;
  };
  if ("all" in p) return p.all.map(nested).join(" and ");
  if ("any" in p) return p.any.map(nested).join(" or ");
  if ("not" in p) return `not (${describePredicate(p.not)})`;
  if ("connection" in p) return `the connection "${p.connection}" is configured`;
  if ("role" in p) return `the user is ${article(p.role)} ${p.role}`;
  if ("equals" in p) return `context.${p.context} is ${literal(p.equals)}`;
  return `context.${p.context} is one of ${p.in.map(literal).join(", ")}`;
}

/**
 * The sample context as a run would hold it: an empty input is no value; a field the predicate
 * compares only with numbers (or only with booleans) is read as one, so `equals: 3` can hold.
 */
export function sampleContext(
  inputs: Readonly<Record<string, string>>,
  predicate: Predicate | null | undefined,
): Record<string, Literal> {
  const literals = new Map<string, Literal[]>();
  for (const leaf of predicateLeaves(predicate)) {
    if (!("context" in leaf)) continue;
    const values = "equals" in leaf ? [leaf.equals] : leaf.in;
    literals.set(leaf.context, [...(literals.get(leaf.context) ?? []), ...values]);
  }
  const out: Record<string, Literal> = {};
  for (const [field, raw] of Object.entries(inputs)) {
    if (raw === "") continue;
    const compared = literals.get(field) ?? [];
    const trimmed = raw.trim();
    if (compared.length && compared.every((v) => typeof v === "number") && trimmed !== "" && Number.isFinite(+trimmed))
      out[field] = Number(trimmed);
    else if (compared.length && compared.every((v) => typeof v === "boolean") && /^(true|false)$/.test(trimmed))
      out[field] = trimmed === "true";
    else out[field] = raw;
  }
  return out;
}

/** One piece of a text with templates, as the sample panel shows it. */
export type TemplatePiece =
  | { kind: "text"; text: string }
  | { kind: "value" | "fallback"; text: string; ref: TemplateRef }
  | { kind: "missing" | "connection"; text: string; ref: TemplateRef };

/**
 * `text` rendered with the sample context: each template is the sample's value, else its fallback,
 * else missing (rendered empty by a run); connection fields (values not shown here) keep their name.
 */
export function templatePieces(text: string, context: Readonly<Record<string, Literal>>): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  let at = 0;
  for (const ref of templateRefs(text)) {
    if (ref.index > at) pieces.push({ kind: "text", text: text.slice(at, ref.index) });
    at = ref.index + ref.raw.length;
    if (ref.root === "connections") {
      pieces.push({ kind: "connection", text: `connections.${ref.path.join(".")}`, ref });
      continue;
    }
    const value = context[ref.path[0]];
    if (value !== undefined && value !== "") pieces.push({ kind: "value", text: String(value), ref });
    else if (ref.fallback !== null) pieces.push({ kind: "fallback", text: ref.fallback, ref });
    else pieces.push({ kind: "missing", text: `context.${ref.path[0]}`, ref });
  }
  if (at < text.length) pieces.push({ kind: "text", text: text.slice(at) });
  return pieces;
}

export interface Samples {
  context: Readonly<Record<string, string>>;
  roles: readonly string[];
}

/**
 * Whether the tool would be offered with the samples: its predicate on the sample roles and
 * context, and the connections the page knows are configured (unknown: none is).
 */
export function offeredWith(
  tool: Pick<AnalyzedTool, "availableWhen">,
  samples: Samples,
  connections: readonly ConnectionState[] | undefined,
): boolean {
  return isAvailable(tool.availableWhen, {
    connections: new Set((connections ?? []).filter((c) => c.configured).map((c) => c.name)),
    roles: samples.roles,
    context: sampleContext(samples.context, tool.availableWhen),
  });
}
