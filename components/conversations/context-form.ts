/**
 * The new-conversation dialog's form: one text per context field as typed (a select's choice for an
 * enum or a boolean), turned into the values the route takes and checked with the route's own rules
 * (checkContextValues) before it is sent. An empty input is a value not given. Pure: unit-tested in
 * context-form.test.ts.
 */
import {
  checkContextValues,
  type ContextField,
  type ContextSchema,
  type ContextValues,
} from "@/lib/agents/context-schema.shared";

/** Each field's input as typed, by name ("" = not given). */
export type ContextDraft = Record<string, string>;

/** Every field empty; a required enum with one value starts on it. */
export function emptyContextDraft(schema: ContextSchema): ContextDraft {
  return Object.fromEntries(
    schema.fields.map((f) => [f.name, f.type === "enum" && f.required && f.values?.length === 1 ? f.values[0] : ""]),
  );
}

function valueOf(field: ContextField, text: string): unknown {
  if (text === "") return undefined;
  if (field.type === "number") {
    const n = Number(text.trim());
    // Not a number: kept as typed, so the check names the field.
    return text.trim() !== "" && Number.isFinite(n) ? n : text;
  }
  if (field.type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  return text;
}

/** The values the draft stands for, or an issue message by field name. */
export function contextFromDraft(
  schema: ContextSchema,
  draft: Readonly<ContextDraft>,
): { ok: true; values: ContextValues } | { ok: false; issues: Record<string, string> } {
  const given: Record<string, unknown> = {};
  for (const f of schema.fields) {
    const v = valueOf(f, draft[f.name] ?? "");
    if (v !== undefined) given[f.name] = v;
  }
  const checked = checkContextValues(schema, given);
  if (checked.ok) return checked;
  return { ok: false, issues: Object.fromEntries(checked.issues.map((i) => [i.field, i.message])) };
}

/** The route's `context.<field>` issues (an API error's `issues`), by field name. */
export function contextIssuesOf(issues: ReadonlyArray<{ path: string; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const m = /^context\.(.+)$/.exec(i.path);
    if (m) out[m[1]] = out[m[1]] ? `${out[m[1]]}; ${i.message}` : i.message;
  }
  return out;
}

/** A value as the conversation page shows it. */
export function formatContextValue(value: string | number | boolean): string {
  return typeof value === "string" ? value : String(value);
}
