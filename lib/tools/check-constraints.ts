/**
 * The constraint keywords validation tags write into a schema (lib/tools/README.md, "Validation
 * tags"), checked on a value that already has the schema's type. Each message names the keyword,
 * so the model can see which rule its argument broke.
 */
import { codePointLength } from "./description-floor.shared";
import { reprValue, shortRepr } from "./repr";
import { STRING_FORMATS } from "./string-formats";
import type { JsonSchema } from "./tool-types";

/** Compiled `pattern`s: a tool's few patterns are checked on every call. */
const compiledPatterns = new Map<string, RegExp | null>();

function compiledPattern(pattern: string): RegExp | null {
  let re = compiledPatterns.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, "u");
    } catch {
      re = null; // a pattern the analyser did not write; never seen for analysed tools
    }
    compiledPatterns.set(pattern, re);
  }
  return re;
}

function isMultiple(value: number, of: number): boolean {
  const q = value / of;
  return Math.abs(q - Math.round(q)) < 1e-9 * Math.max(1, Math.abs(q));
}

/** Deep equality of JSON values (for `uniqueItems`). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as never)[k], (b as never)[k]));
}

function numberProblems(s: JsonSchema, v: number): string[] {
  const out: string[] = [];
  if (typeof s.minimum === "number" && v < s.minimum) out.push(`${v} is less than minimum ${s.minimum}`);
  if (typeof s.maximum === "number" && v > s.maximum) out.push(`${v} is greater than maximum ${s.maximum}`);
  if (typeof s.exclusiveMinimum === "number" && v <= s.exclusiveMinimum)
    out.push(`${v} is not greater than exclusiveMinimum ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === "number" && v >= s.exclusiveMaximum)
    out.push(`${v} is not less than exclusiveMaximum ${s.exclusiveMaximum}`);
  if (typeof s.multipleOf === "number" && !isMultiple(v, s.multipleOf))
    out.push(`${v} is not a multipleOf ${s.multipleOf}`);
  return out;
}

function stringProblems(s: JsonSchema, v: string): string[] {
  const out: string[] = [];
  const length = codePointLength(v);
  if (typeof s.minLength === "number" && length < s.minLength)
    out.push(`${shortRepr(v)} is shorter than minLength ${s.minLength}`);
  if (typeof s.maxLength === "number" && length > s.maxLength)
    out.push(`${shortRepr(v)} is longer than maxLength ${s.maxLength}`);
  if (typeof s.pattern === "string") {
    const re = compiledPattern(s.pattern);
    if (re && !re.test(v)) out.push(`${shortRepr(v)} does not match pattern ${reprValue(s.pattern)}`);
  }
  if (typeof s.format === "string" && s.format !== "date-time") {
    const valid = STRING_FORMATS[s.format];
    if (valid && !valid(v)) out.push(`${shortRepr(v)} is not a valid ${s.format} (format)`);
  }
  return out;
}

function arrayProblems(s: JsonSchema, v: unknown[]): string[] {
  const out: string[] = [];
  if (typeof s.minItems === "number" && v.length < s.minItems)
    out.push(`${shortRepr(v)} has fewer than minItems ${s.minItems}`);
  if (typeof s.maxItems === "number" && v.length > s.maxItems)
    out.push(`${shortRepr(v)} has more than maxItems ${s.maxItems}`);
  if (s.uniqueItems === true && v.some((item, i) => v.slice(0, i).some((other) => sameJson(item, other))))
    out.push(`${shortRepr(v)} has duplicate items (uniqueItems)`);
  return out;
}

/** What `value` breaks of `schema`'s constraint keywords (its type already checked). */
export function constraintProblems(schema: JsonSchema, value: unknown): string[] {
  if (typeof value === "number") return numberProblems(schema, value);
  if (typeof value === "string") return stringProblems(schema, value);
  if (Array.isArray(value)) return arrayProblems(schema, value);
  if (value instanceof Set) return arrayProblems(schema, [...value]);
  return [];
}
