/**
 * Checking a value against the JSON Schema subset the analyser emits (type, enum, anyOf, items,
 * properties, required, additionalProperties, `$ref` into the root's `$defs`, `not`, formats, and
 * the constraint keywords of validation tags). Strict: primitives are never coerced ("3" is not a
 * number, 3.5 is not an integer). Object keys not named by `properties` are allowed unless
 * `additionalProperties` gives them a schema (JSON Schema's own rule; the top-level "unexpected
 * argument" rule lives in validate-arguments).
 *
 * `notes` (AnalyzedTool.schemaNotes) name enums for messages ("'kelvin' is not a valid Unit; …")
 * and mark `any`/`unknown` values, which are advertised as strings but not enforced.
 */
import { constraintProblems } from "./check-constraints";
import { reprList, reprValue, shortRepr } from "./repr";
import { defName, pointerBase } from "./schema-definitions";
import { STRING_FORMATS } from "./string-formats";
import type { JsonSchema, SchemaNote } from "./tool-types";

export interface ValueProblem {
  /** Where, relative to the checked value: "" for the value itself, ".filter.tags[1]" below it. */
  path: string;
  message: string;
}

interface Ctx {
  notes: Record<string, SchemaNote>;
  /** The schema holding `$defs` (the tool's parameters, or the output schema). */
  root: JsonSchema | undefined;
  /** Pointer prefix of the root ("" or "#output"). */
  base: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Set) &&
    !(value instanceof Map) &&
    !(value instanceof Date)
  );
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${reprValue(key)}]`;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * Every way `value` fails `schema` (empty when it fits). `root` is the schema whose `$defs` a
 * `$ref` points into (defaults to `schema`).
 */
export function checkValue(
  schema: JsonSchema,
  value: unknown,
  pointer: string,
  notes: Record<string, SchemaNote>,
  path = "",
  root: JsonSchema = schema,
): ValueProblem[] {
  return check({ notes, root, base: pointerBase(pointer) }, schema, value, pointer, path);
}

function check(ctx: Ctx, schema: JsonSchema, value: unknown, pointer: string, path: string): ValueProblem[] {
  const note = ctx.notes[pointer];
  if (note?.unchecked) return [];

  const ref = defName(schema.$ref);
  if (ref !== undefined) {
    const defs = (ctx.root?.$defs ?? {}) as Record<string, JsonSchema>;
    const target = Object.prototype.hasOwnProperty.call(defs, ref) ? defs[ref] : undefined;
    if (!target) return [{ path, message: `the schema refers to an unknown definition ${reprValue(ref)}` }];
    return check(ctx, target, value, `${ctx.base}/$defs/${escapePointer(ref)}`, path);
  }

  if (schema.not !== undefined)
    return [{ path, message: `${shortRepr(value)} is not allowed here (the type admits no value)` }];

  if (Array.isArray(schema.anyOf)) return checkAnyOf(ctx, schema.anyOf as JsonSchema[], value, pointer, path);

  const problems = typeProblems(ctx, schema, value, pointer, path, note);
  if (problems.length > 0) return problems;
  return constraintProblems(schema, value).map((message) => ({ path, message }));
}

function typeProblems(
  ctx: Ctx,
  schema: JsonSchema,
  value: unknown,
  pointer: string,
  path: string,
  note: SchemaNote | undefined,
): ValueProblem[] {
  if (Array.isArray(schema.enum)) {
    const allowed = schema.enum as unknown[];
    if (!allowed.some((v) => v === value)) {
      const what = note?.typeName ? `a valid ${note.typeName}` : "a valid value";
      return [{ path, message: `${shortRepr(value)} is not ${what}; expected one of ${reprList(allowed)}` }];
    }
    return [];
  }

  switch (schema.type) {
    case "string":
      if (schema.format === "date-time") {
        if (value instanceof Date && !Number.isNaN(value.getTime())) return [];
        if (typeof value !== "string" || !STRING_FORMATS["date-time"](value)) {
          return [
            {
              path,
              message: `${shortRepr(value)} is not a valid date-time (an ISO 8601 string such as '2025-01-31T09:00:00Z')`,
            },
          ];
        }
        return [];
      }
      return typeof value === "string" ? [] : [{ path, message: `${shortRepr(value)} is not a string` }];
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? []
        : [{ path, message: `${shortRepr(value)} is not a number` }];
    case "integer":
      return typeof value === "number" && Number.isInteger(value)
        ? []
        : [{ path, message: `${shortRepr(value)} is not an integer` }];
    case "boolean":
      return typeof value === "boolean" ? [] : [{ path, message: `${shortRepr(value)} is not a boolean` }];
    case "null":
      return value === null ? [] : [{ path, message: `${shortRepr(value)} is not null` }];
    case "array":
      return checkArray(ctx, schema, value, pointer, path);
    case "object":
      return checkObject(ctx, schema, value, pointer, path);
    default:
      return [];
  }
}

function checkArray(ctx: Ctx, schema: JsonSchema, value: unknown, pointer: string, path: string): ValueProblem[] {
  const items = value instanceof Set ? [...value] : value;
  if (!Array.isArray(items)) return [{ path, message: `${shortRepr(value)} is not an array` }];
  const itemSchema = schema.items as JsonSchema | undefined;
  if (!itemSchema) return [];
  return items.flatMap((item, i) => check(ctx, itemSchema, item, `${pointer}/items`, `${path}[${i}]`));
}

function checkObject(ctx: Ctx, schema: JsonSchema, value: unknown, pointer: string, path: string): ValueProblem[] {
  const obj = value instanceof Map ? Object.fromEntries(value) : value;
  if (!isPlainObject(obj)) return [{ path, message: `${shortRepr(value)} is not an object` }];
  const problems: ValueProblem[] = [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
  for (const key of (schema.required ?? []) as string[]) {
    if (!has(obj, key) || obj[key] === undefined)
      problems.push({ path, message: `missing required property ${reprValue(key)}` });
  }
  const extra = schema.additionalProperties as JsonSchema | boolean | undefined;
  for (const [key, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    const propSchema = has(properties, key) ? properties[key] : undefined;
    if (propSchema) {
      problems.push(...check(ctx, propSchema, v, `${pointer}/properties/${escapePointer(key)}`, childPath(path, key)));
    } else if (extra === false) {
      problems.push({ path, message: `unexpected property ${reprValue(key)}` });
    } else if (extra && typeof extra === "object") {
      problems.push(...check(ctx, extra, v, `${pointer}/additionalProperties`, childPath(path, key)));
    }
  }
  return problems;
}

function describe(schema: JsonSchema): string {
  const ref = defName(schema.$ref);
  if (ref !== undefined) return ref;
  if (Array.isArray(schema.enum)) return `one of ${reprList(schema.enum as unknown[])}`;
  if (typeof schema.type === "string") {
    if (schema.format === "date-time") return "date-time string";
    if (typeof schema.pattern === "string") return `string matching ${reprValue(schema.pattern)}`;
    return schema.type;
  }
  return "a schema";
}

function checkAnyOf(ctx: Ctx, branches: JsonSchema[], value: unknown, pointer: string, path: string): ValueProblem[] {
  const results = branches.map((b, i) => check(ctx, b, value, `${pointer}/anyOf/${i}`, path));
  if (results.some((r) => r.length === 0)) return [];
  // `X | null` with a non-null value: X's own complaint is the useful one.
  const nonNull = branches.map((b, i) => [b, i] as const).filter(([b]) => b.type !== "null");
  if (nonNull.length === 1) return results[nonNull[0][1]];
  return [{ path, message: `${shortRepr(value)} does not match any of: ${branches.map(describe).join(", ")}` }];
}

/** `problems` as lines: "filter.unit: 'kelvin' is not a valid Unit; …". */
export function formatProblems(problems: ValueProblem[]): string[] {
  return problems.map((p) => (p.path ? `${p.path.replace(/^\./, "")}: ${p.message}` : p.message));
}
