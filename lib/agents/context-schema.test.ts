import { describe, expect, it } from "vitest";
import { AgentInput } from "./agent-input.shared";
import { versionConfigOf } from "./agent-version-config.shared";
import { diffVersionConfigs, sameVersionConfig } from "./agent-version-diff.shared";
import { checkContextValues, ContextSchema, missingRequiredContext } from "./context-schema.shared";

const issuesOf = (input: unknown) => {
  const r = ContextSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

const schema = ContextSchema.parse({
  fields: [
    { name: "plan", type: "enum", values: ["free", "pro"], required: true },
    { name: "seats", type: "number" },
    { name: "beta", type: "boolean" },
    { name: "company", type: "string", required: true },
  ],
});

describe("ContextSchema", () => {
  it("defaults to no fields, and a field to optional", () => {
    expect(ContextSchema.parse({})).toEqual({ fields: [] });
    expect(ContextSchema.parse({ fields: [{ name: "plan", type: "string" }] }).fields[0]).toEqual({
      name: "plan",
      type: "string",
      required: false,
    });
  });

  it("an enum lists distinct, non-empty values; other types list none", () => {
    expect(issuesOf({ fields: [{ name: "plan", type: "enum" }] })).toEqual([
      "fields.0.values: An enum field lists its values (at least one)",
    ]);
    expect(issuesOf({ fields: [{ name: "plan", type: "enum", values: [] }] })).toEqual([
      "fields.0.values: An enum field lists its values (at least one)",
    ]);
    expect(issuesOf({ fields: [{ name: "plan", type: "enum", values: ["pro", "free", "pro"] }] })).toEqual([
      'fields.0.values: The value "pro" is listed twice',
    ]);
    expect(issuesOf({ fields: [{ name: "plan", type: "enum", values: [""] }] })).toEqual([
      "fields.0.values.0: An enum value is not empty",
    ]);
    expect(issuesOf({ fields: [{ name: "seats", type: "number", values: ["1"] }] })).toEqual([
      "fields.0.values: Only an enum field lists values (this one is a number)",
    ]);
  });

  it("names follow the field-name grammar and are distinct; types and keys are closed", () => {
    expect(issuesOf({ fields: [{ name: "1plan", type: "string" }] })).toEqual([
      "fields.0.name: A context field name is a letter or _ then up to 63 letters, digits or _",
    ]);
    expect(issuesOf({ fields: [{ name: "a".repeat(65), type: "string" }] })).toHaveLength(1);
    expect(
      issuesOf({
        fields: [
          { name: "plan", type: "string" },
          { name: "plan", type: "number" },
        ],
      }),
    ).toEqual(["fields.1.name: The field 'plan' is declared twice"]);
    expect(issuesOf({ fields: [{ name: "plan", type: "date" }] })).toEqual([
      'fields.0.type: A context field\'s type is "string", "number", "boolean" or "enum"',
    ]);
    expect(issuesOf({ fields: [{ name: "plan", type: "string", default: "x" }] })).toHaveLength(1);
  });

  it("is part of the agent's input and of its version (a version without one reads as none)", () => {
    const base = { name: "ctx", model: { provider: "demo", model: "demo" } };
    const withSchema = AgentInput.parse({ ...base, contextSchema: schema });
    expect(withSchema.contextSchema).toEqual(schema);
    const r = AgentInput.safeParse({ ...base, contextSchema: { fields: [{ name: "x", type: "enum" }] } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(["contextSchema", "fields", 0, "values"]);

    const plain = versionConfigOf(AgentInput.parse(base));
    expect(plain.contextSchema).toEqual({ fields: [] });
    const { contextSchema: _none, ...older } = plain;
    expect(sameVersionConfig(older, plain)).toBe(true);
    const changes = diffVersionConfigs(older, versionConfigOf(withSchema));
    expect(changes.map((c) => c.path)).toEqual([
      "contextSchema.fields.0",
      "contextSchema.fields.1",
      "contextSchema.fields.2",
      "contextSchema.fields.3",
    ]);
    const edited = ContextSchema.parse({
      fields: [{ ...schema.fields[0], required: false }, ...schema.fields.slice(1)],
    });
    expect(
      diffVersionConfigs(versionConfigOf(withSchema), versionConfigOf({ ...withSchema, contextSchema: edited })),
    ).toEqual([{ path: "contextSchema.fields.0.required", before: true, after: false }]);
  });
});

describe("checkContextValues", () => {
  it("accepts values of their fields' types, optional ones left out (null is not given)", () => {
    expect(checkContextValues(schema, { plan: "pro", company: "ACME", seats: 3, beta: false })).toEqual({
      ok: true,
      values: { plan: "pro", company: "ACME", seats: 3, beta: false },
    });
    expect(checkContextValues(schema, { plan: "free", company: "", seats: null })).toEqual({
      ok: true,
      values: { plan: "free", company: "" },
    });
    expect(checkContextValues({ fields: [] }, undefined)).toEqual({ ok: true, values: {} });
  });

  it("names each field: missing required, wrong type, a value outside the enum, an unknown key", () => {
    const r = checkContextValues(schema, { plan: "gold", seats: "3", beta: "yes", tier: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      {
        field: "tier",
        message: "tier is not a context field of this agent version (its fields: plan, seats, beta, company)",
      },
      { field: "plan", message: 'plan must be one of "free", "pro"; got "gold"' },
      { field: "seats", message: 'seats must be a number; got "3"' },
      { field: "beta", message: 'beta must be a boolean; got "yes"' },
      { field: "company", message: "company is required (a string)" },
    ]);
    const none = checkContextValues({ fields: [] }, { plan: "pro" });
    expect(none).toEqual({
      ok: false,
      issues: [{ field: "plan", message: "plan is not a context field: this agent version declares none" }],
    });
    const nan = checkContextValues(schema, { plan: "pro", company: "x", seats: Number.NaN });
    expect(nan.ok).toBe(false);
  });

  it("the required fields a conversation lacks (moving it to another version)", () => {
    expect(missingRequiredContext(schema, { plan: "pro" })).toEqual(["company"]);
    expect(missingRequiredContext(schema, { plan: "pro", company: "A" })).toEqual([]);
    const odd = ContextSchema.parse({ fields: [{ name: "toString", type: "string", required: true }] });
    expect(missingRequiredContext(odd, {})).toEqual(["toString"]);
  });
});
