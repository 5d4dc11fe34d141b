/**
 * JSDoc validation tags -> JSON Schema keywords (lib/tools/README.md, "Validation tags").
 *
 * A tag below a `@param` in the tool's JSDoc constrains that parameter; a tag in a member's own
 * JSDoc constrains the member. Numeric tags go on the number/integer branch of the schema, string
 * tags on the string branch, array tags on the array branch (so `number | null` keeps its null).
 * A tag that cannot be read, or that names a keyword the type cannot carry, is a definition error
 * on the tag's line: a constraint the validator would silently not enforce must not be advertised.
 * `@default` and `@examples` are JSON and must satisfy the finished schema.
 */
import ts from "typescript";
import { checkValue, formatProblems } from "./check-json-value";
import { findJsDocComment, parseJsDoc, type JsDocTag } from "./read-jsdoc";
import { reprValue } from "./repr";
import { isKnownFormat, STRING_FORMATS } from "./string-formats";
import type { JsonSchema, SchemaNote } from "./tool-types";
import { ARRAY_TAGS, isValidationTag, NUMBER_TAGS, STRING_TAGS } from "./validation-tag-names";

export interface TagProblem {
  message: string;
  /** 0-based line of the tag in the tool source. */
  line: number;
}

export interface TagContext {
  /** The schema holding `$defs`, for checking `@default` / `@examples` through references. */
  root: JsonSchema;
  pointer: string;
  notes: Record<string, SchemaNote>;
}

type Kind = "number" | "string" | "array";

const KIND_OF: Record<string, Kind> = Object.fromEntries([
  ...NUMBER_TAGS.map((t) => [t, "number"]),
  ...STRING_TAGS.map((t) => [t, "string"]),
  ...ARRAY_TAGS.map((t) => [t, "array"]),
]);

const KIND_WORD: Record<Kind, string> = { number: "a number", string: "a string", array: "an array" };

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function matchesKind(schema: JsonSchema, kind: Kind): boolean {
  if (kind === "number") return schema.type === "number" || schema.type === "integer";
  return schema.type === kind;
}

/** The member's validation tags, when it is declared (with a JSDoc) in the tool's own source. */
export function memberValidationTags(prop: ts.Symbol): JsDocTag[] {
  const decl = prop.valueDeclaration ?? prop.declarations?.[0];
  if (!decl) return [];
  const sf = decl.getSourceFile();
  if (sf.isDeclarationFile) return [];
  const comment = findJsDocComment(sf, decl);
  if (!comment || !sf.text.slice(comment.start, comment.end).includes("@")) return [];
  return parseJsDoc(sf, comment.start, comment.end).tags.filter((t) => isValidationTag(t.name));
}

/** The value a tag's text gives its keyword, or the reason it cannot. */
function readTagValue(tag: JsDocTag): { value: unknown } | { error: string } {
  const text = tag.text;
  switch (tag.name) {
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
    case "multipleOf": {
      if (!NUMBER_TEXT.test(text) || !Number.isFinite(Number(text))) return { error: "expects a number" };
      const n = Number(text);
      if (tag.name === "multipleOf" && n <= 0) return { error: "expects a number greater than 0" };
      return { value: n };
    }
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
      return /^\d+$/.test(text) && Number.isSafeInteger(Number(text))
        ? { value: Number(text) }
        : { error: "expects a non-negative integer" };
    case "pattern":
      if (text === "") return { error: "expects a regular expression" };
      try {
        new RegExp(text, "u");
        return { value: text };
      } catch (e) {
        return { error: `expects a valid regular expression (${(e as Error).message})` };
      }
    case "format":
      return isKnownFormat(text)
        ? { value: text }
        : { error: `expects one of the formats ${Object.keys(STRING_FORMATS).join(", ")}` };
    case "uniqueItems":
      if (text === "" || text === "true") return { value: true };
      if (text === "false") return { value: false };
      return { error: "expects nothing, true or false" };
    case "default":
    case "examples":
      try {
        const value: unknown = JSON.parse(text);
        if (tag.name === "examples" && !Array.isArray(value)) return { error: "expects a JSON array of examples" };
        return { value };
      } catch {
        return { error: `expects a JSON value${tag.name === "examples" ? " (an array of examples)" : ""}` };
      }
    default:
      return { value: true }; // deprecated
  }
}

/** `schema` with `keyword: value` on every branch of `kind`; null when there is none. */
function constrain(schema: JsonSchema, kind: Kind, keyword: string, value: unknown): JsonSchema | "conflict" | null {
  const put = (s: JsonSchema): JsonSchema | "conflict" =>
    keyword in s && s[keyword] !== value && (keyword === "pattern" || keyword === "format")
      ? "conflict"
      : { ...s, [keyword]: value };
  if (matchesKind(schema, kind)) return put(schema);
  if (!Array.isArray(schema.anyOf)) return null;
  let hit = false;
  let conflict = false;
  const anyOf = (schema.anyOf as JsonSchema[]).map((branch) => {
    if (!matchesKind(branch, kind)) return branch;
    hit = true;
    const next = put(branch);
    if (next === "conflict") {
      conflict = true;
      return branch;
    }
    return next;
  });
  if (conflict) return "conflict";
  return hit ? { ...schema, anyOf } : null;
}

/**
 * Apply `tags` (already filtered to the ones for this value) to `schema`. `subject` names the
 * parameter or member in messages ("'count'").
 */
export function applyValidationTags(
  schema: JsonSchema,
  tags: JsDocTag[],
  subject: string,
  ctx: TagContext,
): { schema: JsonSchema; problems: TagProblem[] } {
  const problems: TagProblem[] = [];
  const later: Array<[JsDocTag, unknown]> = [];
  let out = schema;
  for (const tag of tags) {
    if (!isValidationTag(tag.name)) continue;
    const read = readTagValue(tag);
    if ("error" in read) {
      problems.push({
        message: `@${tag.name} on ${subject} ${read.error}, got ${reprValue(tag.text)}`,
        line: tag.line,
      });
      continue;
    }
    if (tag.name === "default" || tag.name === "examples") {
      later.push([tag, read.value]);
      continue;
    }
    if (tag.name === "deprecated") {
      out = { ...out, deprecated: true };
      continue;
    }
    if (tag.name === "uniqueItems" && read.value === false) continue;
    const kind = KIND_OF[tag.name];
    if (ctx.notes[ctx.pointer]?.unchecked) {
      problems.push({
        message: `@${tag.name} on ${subject} needs a type: a value without one (or typed any/unknown) is not checked`,
        line: tag.line,
      });
      continue;
    }
    const next = constrain(out, kind, tag.name, read.value);
    if (next === null) {
      problems.push({
        message: `@${tag.name} applies to ${KIND_WORD[kind]}, and ${subject} is not one`,
        line: tag.line,
      });
    } else if (next === "conflict") {
      problems.push({
        message: `@${tag.name} on ${subject} conflicts with the ${tag.name} its type already has (${reprValue(
          (matchesKind(out, kind) ? out : (out.anyOf as JsonSchema[]).find((b) => matchesKind(b, kind)))?.[tag.name],
        )})`,
        line: tag.line,
      });
    } else {
      out = next;
    }
  }
  for (const [tag, value] of later) {
    const values = tag.name === "examples" ? (value as unknown[]) : [value];
    const misfits = values.flatMap((v) =>
      formatProblems(checkValue(out, v, ctx.pointer, ctx.notes, "", { ...out, $defs: ctx.root.$defs })),
    );
    if (misfits.length > 0) {
      problems.push({
        message: `@${tag.name} on ${subject} does not fit its own schema: ${misfits.join("; ")}`,
        line: tag.line,
      });
    } else {
      out = { ...out, [tag.name]: value };
    }
  }
  return { schema: out, problems };
}
