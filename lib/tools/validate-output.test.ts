import { describe, expect, it } from "vitest";
import { ToolShapeError } from "./errors";
import { toolModule, toolOf } from "./testing/tool-modules";
import { validateOutput } from "./validate-output";

const QUOTE = `type Currency = "USD" | "EUR";\ninterface Quote { symbol: string; price: number; currency?: Currency; at?: Date }`;

function shapeError(fn: () => void): ToolShapeError {
  try {
    fn();
  } catch (e) {
    if (ToolShapeError.is(e)) return e;
    throw e;
  }
  throw new Error("expected a ToolShapeError");
}

describe("validateOutput", () => {
  const tool = toolOf(
    toolModule(`async function get_quote(symbol: string): Promise<Quote> { return { symbol, price: 1 }; }`, {
      prelude: QUOTE,
    }),
  );

  it("accepts a value of the named shape", () => {
    expect(() => validateOutput(tool, { symbol: "ACME", price: 101.5 })).not.toThrow();
    expect(() => validateOutput(tool, { symbol: "ACME", price: 101.5, currency: "EUR", at: new Date() })).not.toThrow();
  });

  it("refuses a wrong value with the tool, the schema name and the raw value", () => {
    const raw = { symbol: "ACME", price: "101.5", currency: "GBP" };
    const error = shapeError(() => validateOutput(tool, raw));
    expect(error.message).toBe("tool 'get_quote' returned value not matching schema 'Quote'");
    expect([error.toolName, error.expected, error.raw]).toEqual(["get_quote", "Quote", raw]);
    expect(error.problems).toEqual([
      "price: '101.5' is not a number",
      "currency: 'GBP' is not a valid Currency; expected one of ['USD', 'EUR']",
    ]);
  });

  it.each([[null], [undefined], ["text"], [[{ symbol: "A", price: 1 }]]])("refuses %j", (value) => {
    expect(() => validateOutput(tool, value)).toThrow(ToolShapeError);
  });

  it.each([
    ["a primitive return type", `function f(s: string): string { return s; }`, ""],
    ["a union return type", `function f(s: string): Quote | string { return s; }`, QUOTE],
    ["outputSchema: false", `function f(s: string): Quote { return { symbol: s, price: 1 }; }`, QUOTE],
  ])("is skipped for %s", (label, fn, prelude) => {
    const options = label === "outputSchema: false" ? "{ sideEffecting: false, outputSchema: false }" : undefined;
    const skipped = toolOf(toolModule(fn, { prelude, options }));
    expect(() => validateOutput(skipped, 12345)).not.toThrow();
  });
});
