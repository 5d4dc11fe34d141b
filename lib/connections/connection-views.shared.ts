/**
 * Connections on the wire (browser-safe: zod only): what an admin sends to create or change one,
 * and what every answer carries. A secret field's value goes in and never comes back: its view
 * says whether it is set and when it changed, and the view's schema has no place for a value
 * (a stray one fails the route's contract, lib/api/define-route.ts). See docs/connections.md.
 */
import { z } from "zod";
import { FIELD_NAME_PATTERN } from "../tools/availability.shared";

/** Secret values shorter than this are refused on save (a typo, not a credential). */
export const SECRET_MIN_LENGTH = 8;
export const MAX_FIELDS = 32;
export const MAX_VALUE_LENGTH = 8000;
export const MAX_DESCRIPTION_LENGTH = 500;

const NAME_RULE = "a name is a letter or _ then up to 63 letters, digits or _";

/** A connection's name: what tools declare (`connections: ["weather"]`). */
export const ConnectionName = z.string().regex(FIELD_NAME_PATTERN, `connection name: ${NAME_RULE}`);
/** A field's name: what tools read (`ctx.connections.weather.apiKey`). */
export const ConnectionFieldName = z.string().regex(FIELD_NAME_PATTERN, `field name: ${NAME_RULE}`);

/**
 * One field as sent. `value`: a string sets it (trimmed; at least one character); `null` leaves it
 * unset (clears it on a change); left out, a change keeps the stored value (a new field is unset).
 */
export const ConnectionFieldInput = z.strictObject({
  name: ConnectionFieldName,
  secret: z.boolean(),
  value: z
    .string()
    .trim()
    .min(1, "a value is at least one character: leave it out (or null) to leave the field unset")
    .max(MAX_VALUE_LENGTH)
    .nullable()
    .optional(),
});
export type ConnectionFieldInput = z.infer<typeof ConnectionFieldInput>;

const Fields = z.array(ConnectionFieldInput).max(MAX_FIELDS, `a connection has at most ${MAX_FIELDS} fields`);
const Description = z.string().trim().max(MAX_DESCRIPTION_LENGTH);

/** Field names are unique; a secret value has at least SECRET_MIN_LENGTH characters (the message names the field, never the value). */
function checkFields(fields: readonly ConnectionFieldInput[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.name)) {
      ctx.addIssue({ code: "custom", path: ["fields", i, "name"], message: `the field '${f.name}' is listed twice` });
    }
    seen.add(f.name);
    if (f.secret && typeof f.value === "string" && f.value.length < SECRET_MIN_LENGTH) {
      ctx.addIssue({
        code: "custom",
        path: ["fields", i, "value"],
        message: `the secret field '${f.name}' needs a value of at least ${SECRET_MIN_LENGTH} characters`,
      });
    }
  });
}

/** POST /api/connections. */
export const ConnectionInput = z
  .strictObject({
    name: ConnectionName,
    description: Description.default(""),
    fields: Fields.default([]),
  })
  .superRefine((v, ctx) => checkFields(v.fields, ctx));
export type ConnectionInput = z.infer<typeof ConnectionInput>;

/**
 * PUT /api/connections/{name}: `fields` is the whole new list — a field not sent is removed, one
 * sent without `value` keeps its stored value. `description` left out is kept. A field that
 * changes between plain and secret needs its value (a secret is never turned into a readable one).
 */
export const ConnectionPatch = z
  .strictObject({
    description: Description.optional(),
    fields: Fields,
  })
  .superRefine((v, ctx) => checkFields(v.fields, ctx));
export type ConnectionPatch = z.infer<typeof ConnectionPatch>;

/** A plain field: its value for admins and authors (left out for other roles). */
export const PlainFieldView = z.strictObject({
  name: z.string(),
  secret: z.literal(false),
  set: z.boolean(),
  value: z.string().optional(),
  /** When the value last changed (or the field was added). */
  updatedAt: z.iso.datetime(),
});

/** A secret field: whether it is set and when it changed; never its value. */
export const SecretFieldView = z.strictObject({
  name: z.string(),
  secret: z.literal(true),
  set: z.boolean(),
  updatedAt: z.iso.datetime(),
});

export const ConnectionFieldView = z.discriminatedUnion("secret", [PlainFieldView, SecretFieldView]);
export type ConnectionFieldView = z.infer<typeof ConnectionFieldView>;

export const ConnectionView = z.strictObject({
  name: z.string(),
  description: z.string(),
  /** By name. */
  fields: z.array(ConnectionFieldView),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

/** Whether every field of a connection has a value (what `{connection: "name"}` availability asks). */
export function isComplete(view: Pick<ConnectionView, "fields">): boolean {
  return view.fields.every((f) => f.set);
}
