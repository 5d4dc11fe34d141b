import { describe, expect, it } from "vitest";
import { renderToolTemplate, templateRefs } from "./description-template.shared";

describe("tool-side templates", () => {
  it("renders context values and plain connection fields", () => {
    const r = renderToolTemplate("Look up {{context.accountName}}'s balance in {{connections.bank.region}}.", {
      context: { accountName: "ACME" },
      connections: { bank: { region: "eu" } },
    });
    expect(r).toEqual({ text: "Look up ACME's balance in eu.", missing: [] });
  });
  it("uses the fallback when the value is missing; renders empty and reports it without one", () => {
    const r = renderToolTemplate(
      'Balance of {{context.accountName | "the customer\'s account"}} for {{ context.plan }}.',
    );
    expect(r.text).toBe("Balance of the customer's account for .");
    expect(r.missing.map((m) => m.path)).toEqual([["plan"]]);
    expect(renderToolTemplate('{{context.q | "say \\"hi\\""}}').text).toBe('say "hi"');
  });
  it("leaves any other {{…}} literal", () => {
    const text = "Use {{user.name}}, {{context}}, {{context.a.b}}, {{connections.only}} and {{ other }} as is.";
    expect(templateRefs(text)).toEqual([]);
    expect(renderToolTemplate(text, { context: { a: "x" } }).text).toBe(text);
  });
  it("numbers and booleans render as text; an empty string counts as missing", () => {
    expect(renderToolTemplate("{{context.n}} {{context.b}}", { context: { n: 3, b: false } }).text).toBe("3 false");
    expect(renderToolTemplate('{{context.s | "none"}}', { context: { s: "" } }).text).toBe("none");
  });
});
