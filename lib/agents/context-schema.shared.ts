/**
 * An agent's context schema and a conversation's context values (lib/agents/README.md,
 * "Conversation context"): the agent version declares the fields a conversation is started with
 * (`{name, type, values?, required}`), and each conversation holds its values, fixed for its life.
 * The prompt template reads them as `{context.name}`; tools' availability predicates and
 * description templates read them too (lib/tools). Browser-safe (zod only): the agent editor, the
 * new-conversation dialog and the API validate with the same rules.
 */
import { z } from "zod";
import { FIELD_NAME_PATTERN } from "../tools/availability.shared";

export const CONTEXT_FIELD_TYPES = ["string", "number", "boolean", "enum"] as const;
export const ContextFieldType = z.enum(CONTEXT_FIELD_TYPES, {
  error: 'A context field\'s type is "string", "number", "boolean" or "enum"',
});
export type ContextFieldType = z.infer<typeof ContextFieldType>;

/** At most this many fields, enum values per field, and characters per enum value or string value. */
export const MAX_CONTEXT_FIELDS = 64;
export const MAX_ENUM_VALUES = 100;
export const MAX_ENUM_VALUE_CHARS = 200;
export const MAX_CONTEXT_STRING_CHARS = 10_000;

export const ContextField = z
  .object({
    name: z
      .string()
      .regex(FIELD_NAME_PATTERN, "A context field name is a letter or _ then up to 63 letters, digits or _"),
    type: ContextFieldType,
    /** The allowed values of an `enum` field (required for it, refused for the other types). */
    values: z
      .array(
        z
          .string()
          .min(1, "An enum value is not empty")
          .max(MAX_ENUM_VALUE_CHARS, `Keep an enum value under ${MAX_ENUM_VALUE_CHARS} characters`),
      )
      .max(MAX_ENUM_VALUES, `An enum lists at most ${MAX_ENUM_VALUES} values`)
      .optional(),
    /** A conversation cannot start without it. */
    required: z.boolean().default(false),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (field.type === "enum") {
      if (!field.values?.length)
        ctx.addIssue({ code: "custom", path: ["values"], message: "An enum field lists its values (at least one)" });
      else {
        const twice = field.values.find((v, i) => field.values!.indexOf(v) !== i);
        if (twice !== undefined)
          ctx.addIssue({ code: "custom", path: ["values"], message: `The value "${twice}" is listed twice` });
      }
    } else if (field.values !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["values"],
        message: `Only an enum field lists values (this one is a ${field.type})`,
      });
    }
  });
export type ContextField = z.infer<typeof ContextField>;

export const ContextSchema = z
  .object({
    fields: z
      .array(ContextField)
      .max(MAX_CONTEXT_FIELDS, `A context schema has at most ${MAX_CONTEXT_FIELDS} fields`)
      .default([]),
  })
  .strict()
  .superRefine((schema, ctx) => {
    const seen = new Set<string>();
    for (const [i, f] of schema.fields.entries()) {
      if (seen.has(f.name))
        ctx.addIssue({
          code: "custom",
          path: ["fields", i, "name"],
          message: `The field '${f.name}' is declared twice`,
        });
      seen.add(f.name);
    }
  });
export type ContextSchema = z.infer<typeof ContextSchema>;

export const EMPTY_CONTEXT_SCHEMA: ContextSchema = { fields: [] };

/** A conversation's context values: one per field given, typed by the schema. */
export type ContextValue = string | number | boolean;
export type ContextValues = Record<string, ContextValue>;

/** The body's `context` as the wire takes it (checked against the version's schema by `checkContextValues`). */
export const ContextValuesInput = z.record(z.string(), z.unknown(), {
  error: 'context is an object of values, e.g. {"plan": "pro"}',
});

export interface ContextIssue {
  /** The field's name (the issue's path is `context.<name>`). */
  field: string;
  message: string;
}

function typeLabel(f: ContextField): string {
  return f.type === "enum" ? `one of ${f.values!.map((v) => JSON.stringify(v)).join(", ")}` : `a ${f.type}`;
}

function valueIssue(f: ContextField, value: unknown): string | null {
  const wrong = `${f.name} must be ${typeLabel(f)}; got ${JSON.stringify(value) ?? String(value)}`;
  switch (f.type) {
    case "string":
      if (typeof value !== "string") return wrong;
      return value.length > MAX_CONTEXT_STRING_CHARS
        ? `${f.name} is longer than ${MAX_CONTEXT_STRING_CHARS} characters`
        : null;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : wrong;
    case "boolean":
      return typeof value === "boolean" ? null : wrong;
    case "enum":
      return typeof value === "string" && f.values!.includes(value) ? null : wrong;
  }
}

/**
 * Checks a conversation's values against a schema: every required field given, each value of its
 * field's type (an enum's value one of its values), no key the schema does not declare. A null
 * value is not given. Answers the values to store (nulls dropped) or every issue, one per field.
 */
export function checkContextValues(
  schema: ContextSchema,
  values: Readonly<Record<string, unknown>> | null | undefined,
): { ok: true; values: ContextValues } | { ok: false; issues: ContextIssue[] } {
  const given = values ?? {};
  const issues: ContextIssue[] = [];
  const out: ContextValues = {};
  const names = schema.fields.map((f) => f.name);
  for (const key of Object.keys(given)) {
    if (names.includes(key)) continue;
    issues.push({
      field: key,
      message: names.length
        ? `${key} is not a context field of this agent version (its fields: ${names.join(", ")})`
        : `${key} is not a context field: this agent version declares none`,
    });
  }
  for (const f of schema.fields) {
    const value = Object.hasOwn(given, f.name) ? given[f.name] : undefined;
    if (value === undefined || value === null) {
      if (f.required) issues.push({ field: f.name, message: `${f.name} is required (${typeLabel(f)})` });
      continue;
    }
    const problem = valueIssue(f, value);
    if (problem) issues.push({ field: f.name, message: problem });
    else out[f.name] = value as ContextValue;
  }
  return issues.length ? { ok: false, issues } : { ok: true, values: out };
}

/** The required fields of `schema` that `values` lacks (a conversation moving to that version). */
export function missingRequiredContext(schema: ContextSchema, values: Readonly<Record<string, unknown>>): string[] {
  return schema.fields
    .filter((f) => f.required && (!Object.hasOwn(values, f.name) || values[f.name] == null))
    .map((f) => f.name);
}

/** The issues as the API's 400 `validation_error` (each at `context.<field>`), thrown by the routes' use cases. */
export function contextValuesError(issues: readonly ContextIssue[]): z.ZodError {
  return new z.ZodError(
    issues.map((i) => ({ code: "custom", path: ["context", i.field], message: i.message, input: undefined }) as never),
  );
}
