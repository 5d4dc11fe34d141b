/**
 * The pure parts of connections: the wire shapes (names, the 8-character floor for secrets,
 * duplicate fields, views with no place for a secret value) and the plan of a change.
 */
import { describe, expect, it } from "vitest";
import { ConnectionInput, ConnectionPatch, ConnectionView, isComplete } from "./connection-views.shared";
import { planFieldChanges, type StoredField } from "./plan-field-changes";
import { connectionFieldAad } from "./connection-secrets";

const NOW = new Date().toISOString();

function issues(schema: typeof ConnectionInput | typeof ConnectionPatch, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("ConnectionInput", () => {
  it("takes a name, a description and fields; trims values", () => {
    const r = ConnectionInput.parse({
      name: "weather",
      fields: [
        { name: "apiKey", secret: true, value: "  k-0123456789 " },
        { name: "baseUrl", secret: false, value: "https://api.example" },
        { name: "region", secret: false },
      ],
    });
    expect(r.description).toBe("");
    expect(r.fields[0].value).toBe("k-0123456789");
    expect(r.fields[2].value).toBeUndefined();
  });

  it("refuses names outside [A-Za-z_][A-Za-z0-9_]{0,63}", () => {
    for (const name of ["bad-name", "1st", "", "a".repeat(65), "a:b", "née"])
      expect(issues(ConnectionInput, { name, fields: [] }), name).not.toEqual([]);
    expect(issues(ConnectionInput, { name: "_ok_1", fields: [{ name: "a b", secret: false }] })[0]).toMatch(
      /^fields\.0\.name: field name/,
    );
    expect(issues(ConnectionInput, { name: "a".repeat(64), fields: [] })).toEqual([]);
  });

  it("refuses a secret value shorter than 8 characters, naming the field and not the value", () => {
    const found = issues(ConnectionInput, {
      name: "weather",
      fields: [{ name: "apiKey", secret: true, value: "short12" }],
    });
    expect(found).toEqual(["fields.0.value: the secret field 'apiKey' needs a value of at least 8 characters"]);
    expect(found.join()).not.toContain("short12");
    // After trimming: spaces do not count; a plain value has no floor.
    expect(
      issues(ConnectionInput, { name: "w", fields: [{ name: "k", secret: true, value: " 1234567 " }] }),
    ).toHaveLength(1);
    expect(issues(ConnectionInput, { name: "w", fields: [{ name: "k", secret: false, value: "eu" }] })).toEqual([]);
  });

  it("refuses duplicate field names, empty values and unknown keys", () => {
    expect(
      issues(ConnectionInput, {
        name: "w",
        fields: [
          { name: "k", secret: false },
          { name: "k", secret: true },
        ],
      }),
    ).toEqual(["fields.1.name: the field 'k' is listed twice"]);
    expect(issues(ConnectionInput, { name: "w", fields: [{ name: "k", secret: false, value: "  " }] })).toHaveLength(1);
    expect(issues(ConnectionInput, { name: "w", fields: [{ name: "k" }] })).toHaveLength(1); // secret is required
    expect(issues(ConnectionInput, { name: "w", extra: 1 })).toHaveLength(1);
  });

  it("a change lists every field and checks them the same way", () => {
    expect(issues(ConnectionPatch, { description: "x" })).toHaveLength(1);
    expect(issues(ConnectionPatch, { fields: [{ name: "k", secret: true, value: "1234" }] })).toHaveLength(1);
    expect(issues(ConnectionPatch, { fields: [{ name: "k", secret: true }] })).toEqual([]);
    expect(issues(ConnectionPatch, { fields: [{ name: "k", secret: true, value: null }] })).toEqual([]);
  });
});

describe("ConnectionView", () => {
  const view = {
    name: "weather",
    description: "",
    fields: [
      { name: "apiKey", secret: true, set: true, updatedAt: NOW },
      { name: "baseUrl", secret: false, set: true, value: "https://api.example", updatedAt: NOW },
    ],
  };
  it("has no place for a secret's value or its sealed columns", () => {
    expect(ConnectionView.safeParse(view).success).toBe(true);
    for (const leak of [{ value: "k-0123456789" }, { ciphertext: "v2:…" }, { iv: "…", authTag: "…" }]) {
      const bad = { ...view, fields: [{ ...view.fields[0], ...leak }, view.fields[1]] };
      expect(ConnectionView.safeParse(bad).success, JSON.stringify(leak)).toBe(false);
    }
  });
  it("is complete when every field is set", () => {
    expect(isComplete(view)).toBe(true);
    expect(isComplete({ fields: [...view.fields, { name: "x", secret: false, set: false, updatedAt: NOW }] })).toBe(
      false,
    );
  });
});

describe("planFieldChanges", () => {
  const stored: StoredField[] = [
    { id: "1", name: "apiKey", secret: true, value: null, ciphertext: "v2:…" },
    { id: "2", name: "baseUrl", secret: false, value: "https://a.example", ciphertext: null },
    { id: "3", name: "region", secret: false, value: null, ciphertext: null },
    { id: "4", name: "old", secret: false, value: "x", ciphertext: null },
  ];

  it("keeps a field sent without value, clears with null, replaces with a string, removes what is not sent", () => {
    const plan = planFieldChanges(stored, [
      { name: "apiKey", secret: true },
      { name: "baseUrl", secret: false, value: "https://b.example" },
      { name: "region", secret: false, value: null },
      { name: "added", secret: true, value: "k-0123456789" },
    ]);
    expect(plan.update).toEqual([{ id: "2", name: "baseUrl", secret: false, value: "https://b.example" }]);
    expect(plan.create).toEqual([{ name: "added", secret: true, value: "k-0123456789" }]);
    expect(plan.remove).toEqual(["4"]);
    expect({ added: plan.added, changed: plan.changed, removed: plan.removed }).toEqual({
      added: ["added"],
      changed: ["baseUrl"],
      removed: ["old"],
    });
  });

  it("an equal plain value is no change; a secret sent again is", () => {
    const plan = planFieldChanges(stored, [
      { name: "apiKey", secret: true, value: "k-0123456789" },
      { name: "baseUrl", secret: false, value: "https://a.example" },
      { name: "apiKey2", secret: false },
    ]);
    expect(plan.changed).toEqual(["apiKey"]);
    expect(plan.removed).toEqual(["region", "old"]);
  });

  it("a change between plain and secret needs the value", () => {
    expect(() => planFieldChanges(stored, [{ name: "apiKey", secret: false }])).toThrow(
      /fields\.0\.value: the field 'apiKey' changes from secret to plain: give its value/,
    );
    expect(() => planFieldChanges(stored, [{ name: "baseUrl", secret: true }])).toThrow(/plain to secret/);
    const plan = planFieldChanges(stored, [{ name: "apiKey", secret: false, value: null }]);
    expect(plan.update).toEqual([{ id: "1", name: "apiKey", secret: false, value: null }]);
  });
});

it("a sealed value is bound to its connection and field", () => {
  expect(connectionFieldAad("weather", "apiKey")).toBe("connection:weather:apiKey");
});
