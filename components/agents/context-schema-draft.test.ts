import { describe, expect, it } from "vitest";
import { defaultAgentConfig } from "@/lib/agents/agent-input.shared";
import { checkDraft, fromConfig } from "./agent-form-state";
import { blankContextField, contextDrafts, contextSchemaOf, splitEnumValues } from "./context-schema-draft";
import { previewContext } from "./prompt-editor";

describe("the Conversation context section's draft", () => {
  it("edits an enum's values as one text and sends them as a list", () => {
    const schema = {
      fields: [
        { name: "plan", type: "enum" as const, values: ["free", "pro"], required: true },
        { name: "seats", type: "number" as const, required: false },
      ],
    };
    const drafts = contextDrafts(schema);
    expect(drafts[0]).toEqual({ name: "plan", type: "enum", valuesText: "free, pro", required: true });
    expect(contextSchemaOf(drafts)).toEqual(schema);
    expect(splitEnumValues(" free,, pro ,")).toEqual(["free", "pro"]);
    // Values typed for a field later turned into a number are not sent.
    expect(contextSchemaOf([{ ...drafts[0], type: "number" }]).fields[0]).not.toHaveProperty("values");
    expect(blankContextField(drafts)).toMatchObject({ name: "field_3", type: "string", required: false });
  });

  it("the draft is checked with the route's schema: issues at the field's path", () => {
    const s = fromConfig(defaultAgentConfig("ctx_form"));
    expect(s.contextFields).toEqual([]);
    s.contextFields = [
      { name: "plan", type: "enum", valuesText: " , ", required: true },
      { name: "plan", type: "string", valuesText: "", required: false },
    ];
    const r = checkDraft(s);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path)).toEqual(["contextSchema.fields.0.values", "contextSchema.fields.1.name"]);
    s.contextFields = [{ name: "plan", type: "enum", valuesText: "free, pro", required: true }];
    const ok = checkDraft(s);
    expect(ok.ok && ok.body.contextSchema).toEqual({
      fields: [{ name: "plan", type: "enum", values: ["free", "pro"], required: true }],
    });
  });

  it("the preview shows a sample typed, else <name>", () => {
    expect(previewContext(["plan", "seats"], { plan: "pro", seats: "" })).toEqual({ plan: "pro", seats: "<seats>" });
  });
});
