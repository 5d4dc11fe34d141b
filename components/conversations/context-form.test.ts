import { describe, expect, it } from "vitest";
import { ContextSchema } from "@/lib/agents/context-schema.shared";
import { contextFromDraft, contextIssuesOf, emptyContextDraft, formatContextValue } from "./context-form";

const schema = ContextSchema.parse({
  fields: [
    { name: "plan", type: "enum", values: ["free", "pro"], required: true },
    { name: "tier", type: "enum", values: ["gold"], required: true },
    { name: "seats", type: "number" },
    { name: "beta", type: "boolean" },
    { name: "company", type: "string", required: true },
  ],
});

describe("the new-conversation dialog's form", () => {
  it("starts empty (a required one-value enum on its value)", () => {
    expect(emptyContextDraft(schema)).toEqual({ plan: "", tier: "gold", seats: "", beta: "", company: "" });
  });

  it("types the inputs by their fields; empty is not given", () => {
    expect(
      contextFromDraft(schema, { plan: "pro", tier: "gold", seats: "12", beta: "false", company: "ACME" }),
    ).toEqual({ ok: true, values: { plan: "pro", tier: "gold", seats: 12, beta: false, company: "ACME" } });
    expect(contextFromDraft(schema, { plan: "free", tier: "gold", seats: "", beta: "", company: "X" })).toEqual({
      ok: true,
      values: { plan: "free", tier: "gold", company: "X" },
    });
  });

  it("names each field the route would refuse, before sending", () => {
    expect(contextFromDraft(schema, { plan: "", tier: "gold", seats: "twelve", company: "" })).toEqual({
      ok: false,
      issues: {
        plan: 'plan is required (one of "free", "pro")',
        seats: 'seats must be a number; got "twelve"',
        company: "company is required (a string)",
      },
    });
  });

  it("reads the route's context.<field> issues by field, and shows values as text", () => {
    expect(
      contextIssuesOf([
        { path: "context.plan", message: "a" },
        { path: "context.plan", message: "b" },
        { path: "agentId", message: "c" },
      ]),
    ).toEqual({ plan: "a; b" });
    expect([formatContextValue("pro"), formatContextValue(3), formatContextValue(false)]).toEqual([
      "pro",
      "3",
      "false",
    ]);
  });
});
