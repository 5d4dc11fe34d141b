/**
 * The "Conversation context" section's draft: the agent's context schema with each enum's values
 * edited as one comma-separated text, turned back into the API's `contextSchema` on save (the
 * route's own schema checks it). Pure: unit-tested in context-schema-draft.test.ts.
 */
import type { ContextFieldType, ContextSchema } from "@/lib/agents/context-schema.shared";

export interface ContextFieldDraft {
  name: string;
  type: ContextFieldType;
  /** An enum's values, comma-separated as typed ("free, pro"). */
  valuesText: string;
  required: boolean;
}

export function contextDrafts(schema: ContextSchema): ContextFieldDraft[] {
  return schema.fields.map((f) => ({
    name: f.name,
    type: f.type,
    valuesText: (f.values ?? []).join(", "),
    required: f.required,
  }));
}

/** "free, pro,, team " -> ["free", "pro", "team"]. */
export function splitEnumValues(text: string): string[] {
  return text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The drafts as the body's `contextSchema` (values only for an enum). */
export function contextSchemaOf(drafts: readonly ContextFieldDraft[]): ContextSchema {
  return {
    fields: drafts.map((d) => ({
      name: d.name.trim(),
      type: d.type,
      ...(d.type === "enum" ? { values: splitEnumValues(d.valuesText) } : {}),
      required: d.required,
    })),
  };
}

export function blankContextField(taken: readonly ContextFieldDraft[]): ContextFieldDraft {
  let n = taken.length + 1;
  while (taken.some((d) => d.name === `field_${n}`)) n++;
  return { name: `field_${n}`, type: "string", valuesText: "", required: false };
}
