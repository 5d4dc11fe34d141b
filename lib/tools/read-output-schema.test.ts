import { describe, expect, it } from "vitest";
import { toolModule, toolOf } from "./testing/tool-modules";

function output(fn: string, prelude = "", options?: string) {
  const tool = toolOf(toolModule(fn, { prelude, options }));
  return { schema: tool.outputSchema, name: tool.outputSchemaName };
}

const QUOTE = `
interface Quote {
  /** Ticker symbol. */
  symbol: string;
  price: number;
  currency?: "USD" | "EUR";
}`;

describe("output schema inference", () => {
  it("an interface return type, Promise unwrapped", () => {
    expect(
      output(`async function get_quote(s: string): Promise<Quote> { return { symbol: s, price: 1 }; }`, QUOTE),
    ).toEqual({
      name: "Quote",
      schema: {
        type: "object",
        properties: {
          symbol: { type: "string", description: "Ticker symbol." },
          price: { type: "number" },
          currency: { enum: ["USD", "EUR"], type: "string" },
        },
        required: ["symbol", "price"],
      },
    });
  });

  it("a type alias of an object type", () => {
    expect(
      output(`function f(s: string): Point { return { x: 1, y: 2 }; }`, "type Point = { x: number; y: number };").name,
    ).toBe("Point");
  });

  it("a class", () => {
    expect(
      output(`function f(s: string): Quote { return new Quote(); }`, "class Quote { symbol = ''; price = 0; }"),
    ).toEqual({
      name: "Quote",
      schema: {
        type: "object",
        properties: { symbol: { type: "string" }, price: { type: "number" } },
        required: ["symbol", "price"],
      },
    });
  });

  it("an inferred return type of a named interface counts too", () => {
    expect(
      output(`async function f(s: string) { const q: Quote = { symbol: s, price: 1 }; return q; }`, QUOTE).name,
    ).toBe("Quote");
  });

  it.each([
    ["a string", `function f(s: string): string { return s; }`],
    ["a promise of a number", `async function f(s: string): Promise<number> { return 1; }`],
    ["a union", `function f(s: string): Quote | null { return null; }`],
    ["any", `function f(s: string): any { return 1; }`],
    ["an anonymous object type", `function f(s: string): { a: string } { return { a: s }; }`],
    ["an array of a named type", `function f(s: string): Quote[] { return []; }`],
    ["a library type", `function f(s: string): Date { return new Date(); }`],
    ["Record", `function f(s: string): Record<string, number> { return {}; }`],
    ["void", `function f(s: string): void {}`],
  ])("%s is skipped", (_label, fn) => {
    expect(output(fn, QUOTE)).toEqual({ schema: null, name: null });
  });

  it("outputSchema: false turns it off", () => {
    expect(
      output(
        `async function f(s: string): Promise<Quote> { return { symbol: s, price: 1 }; }`,
        QUOTE,
        "{ sideEffecting: false, outputSchema: false }",
      ),
    ).toEqual({
      schema: null,
      name: null,
    });
  });

  it("names in the output schema are noted under #output", () => {
    const tool = toolOf(
      toolModule(`function f(s: string): Quote { return { symbol: s, price: 1 }; }`, {
        prelude: `type Currency = "USD" | "EUR";\ninterface Quote { symbol: string; price: number; currency?: Currency }`,
      }),
    );
    expect(tool.schemaNotes).toEqual({ "#output/properties/currency": { typeName: "Currency" } });
  });
});
