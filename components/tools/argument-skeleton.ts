/**
 * A starting value for a tool's arguments from its parameters JSON Schema: every property (optional
 * ones too, unless only the required ones are asked for), enums at their first value, arrays with one example item,
 * nested objects filled in, `X | null` as X. A `$ref` into the root's `$defs` (a recursive type) is
 * followed once per path: where it recurs, an array starts empty and anything else is null.
 */
import { defName } from "@/lib/tools/schema-refs.shared";
import type { JsonSchema } from "@/lib/tools/tool-analysis.shared";

const MAX_DEPTH = 6;

export function schemaType(schema: JsonSchema): string | undefined {
  const t = schema.type;
  return typeof t === "string" ? t : Array.isArray(t) ? (t.find((x) => x !== "null") as string | undefined) : undefined;
}

export function properties(schema: JsonSchema): Array<[string, JsonSchema]> {
  const props = schema.properties;
  return props && typeof props === "object" ? (Object.entries(props) as Array<[string, JsonSchema]>) : [];
}

export function requiredNames(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? (schema.required as string[]) : [];
}

/** `X | null` -> X; null when the union has no single non-null branch. */
export function nullableInner(schema: JsonSchema): JsonSchema | null {
  const any = schema.anyOf;
  if (!Array.isArray(any)) return null;
  const rest = (any as JsonSchema[]).filter((s) => s.type !== "null");
  return rest.length === 1 && rest.length < any.length ? rest[0] : null;
}

/**
 * A local `$ref` as the definition it names in `root.$defs`, with the keywords beside it kept (a
 * member's description); any other schema as it is.
 */
export function deref(schema: JsonSchema, root: JsonSchema | undefined): JsonSchema {
  const name = defName(schema.$ref);
  const target = name !== undefined ? (root?.$defs as Record<string, JsonSchema> | undefined)?.[name] : undefined;
  if (!target) return schema;
  const { $ref: _ref, ...siblings } = schema;
  return { ...target, ...siblings };
}

export function skeletonFor(
  schema: JsonSchema,
  depth = 0,
  root: JsonSchema | undefined = depth === 0 ? schema : undefined,
  path: ReadonlySet<string> = new Set(),
  withOptional = true,
): unknown {
  if (depth > MAX_DEPTH) return null;
  const ref = defName(schema.$ref);
  if (ref !== undefined) {
    if (path.has(ref)) return null;
    return skeletonFor(deref(schema, root), depth, root, new Set([...path, ref]), withOptional);
  }
  const next = (s: JsonSchema) => skeletonFor(s, depth + 1, root, path, withOptional);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    const first = branches.find((s) => s.type !== "null") ?? branches[0];
    return first ? next(first) : null;
  }
  switch (schemaType(schema)) {
    case "string":
      return schema.format === "date-time" ? "2025-01-01T00:00:00Z" : "";
    case "number":
    case "integer":
      return 0;
    case "boolean":
      return false;
    case "null":
      return null;
    case "array": {
      if (!schema.items || typeof schema.items !== "object") return [];
      const item = schema.items as JsonSchema;
      const recurs = defName(item.$ref);
      return recurs !== undefined && path.has(recurs) ? [] : [next(item)];
    }
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set(requiredNames(schema));
      for (const [name, prop] of properties(schema)) if (withOptional || required.has(name)) out[name] = next(prop);
      return out;
    }
    default:
      return "";
  }
}

/**
 * The arguments a test run starts with: the skeleton of the required parameters only (nested ones
 * too), so an optional parameter is not sent until the author adds it and the tool uses its default.
 */
export function requiredSkeletonFor(schema: JsonSchema): unknown {
  return skeletonFor(schema, 0, schema, new Set(), false);
}

/** The top-level optional parameters, for the "remove to use the default" hint. */
export function optionalNames(schema: JsonSchema): string[] {
  const required = new Set(requiredNames(schema));
  return properties(schema)
    .map(([name]) => name)
    .filter((n) => !required.has(n));
}
