/**
 * A starting value for a tool's arguments from its parameters JSON Schema: every property (optional
 * ones too, so the author sees them), enums at their first value, arrays with one example item,
 * nested objects filled in, `X | null` as X.
 */
import type { JsonSchema } from "@/lib/tools/tool-types";

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

export function skeletonFor(schema: JsonSchema, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    const first = branches.find((s) => s.type !== "null") ?? branches[0];
    return first ? skeletonFor(first, depth + 1) : null;
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
    case "array":
      return schema.items && typeof schema.items === "object"
        ? [skeletonFor(schema.items as JsonSchema, depth + 1)]
        : [];
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of properties(schema)) out[name] = skeletonFor(prop, depth + 1);
      return out;
    }
    default:
      return "";
  }
}

/** The top-level optional parameters, for the "remove to use the default" hint. */
export function optionalNames(schema: JsonSchema): string[] {
  const required = new Set(requiredNames(schema));
  return properties(schema)
    .map(([name]) => name)
    .filter((n) => !required.has(n));
}
