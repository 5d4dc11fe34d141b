/** JSDoc validation tags: written into the schema, enforced at call time, malformed ones underlined. */
import { describe, expect, it } from "vitest";
import { ToolArgumentError } from "./errors";
import { analyze, definitionErrors, lineOf, toolModule, toolOf } from "./testing/tool-modules";
import type { AnalyzedTool, JsonSchema } from "./tool-types";
import { validateArguments } from "./validate-arguments";

const DOC = "Search the catalogue for products matching a free-text query.";

function withParams(fn: string, tagLines: string[], prelude = ""): string {
  const doc = ["/**", ` * ${DOC}`, " *", ...tagLines.map((l) => ` * ${l}`), " */"].join("\n");
  return toolModule(fn, { doc, prelude });
}

function props(tool: AnalyzedTool): Record<string, JsonSchema> {
  return tool.parameters.properties as Record<string, JsonSchema>;
}

function rejection(tool: AnalyzedTool, args: Record<string, unknown>): string {
  try {
    validateArguments(tool, args);
  } catch (e) {
    if (ToolArgumentError.is(e)) return e.message;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(args)} to be rejected`);
}

describe("tags below a @param", () => {
  const tool = toolOf(
    withParams(
      `function search(query: string, limit: Int, price: number | null, tags: string[], contact?: string) { return ""; }`,
      [
        "@param query Free text.",
        "@minLength 2",
        "@maxLength 40",
        "@pattern ^[^<>]*$",
        "@param limit Page size.",
        "@minimum 1",
        "@maximum 100",
        "@multipleOf 5",
        "@default 20",
        "@examples [10, 50]",
        "@param price Upper price bound.",
        "@exclusiveMinimum 0",
        "@exclusiveMaximum 1000",
        "@param tags Labels.",
        "@minItems 1",
        "@maxItems 3",
        "@uniqueItems",
        "@param contact Who to tell.",
        "@format email",
        "@deprecated use the account's address",
      ],
    ),
  );

  it("become the schema's keywords, on the branch of the right kind", () => {
    expect(props(tool)).toEqual({
      query: { type: "string", minLength: 2, maxLength: 40, pattern: "^[^<>]*$", description: "Free text." },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 100,
        multipleOf: 5,
        default: 20,
        examples: [10, 50],
        description: "Page size.",
      },
      price: {
        anyOf: [{ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1000 }, { type: "null" }],
        description: "Upper price bound.",
      },
      tags: {
        type: "array",
        items: { type: "string" },
        minItems: 1,
        maxItems: 3,
        uniqueItems: true,
        description: "Labels.",
      },
      contact: { type: "string", format: "email", deprecated: true, description: "Who to tell." },
    });
  });

  const valid = { query: "boots", limit: 20, price: null, tags: ["a", "b"], contact: "a@b.co" };

  it("valid arguments pass", () => {
    expect(() => validateArguments(tool, valid)).not.toThrow();
    expect(() => validateArguments(tool, { ...valid, price: 999.5 })).not.toThrow();
  });

  it.each([
    [{ query: "b" }, "'b' is shorter than minLength 2"],
    [{ query: "x".repeat(41) }, "is longer than maxLength 40"],
    [{ query: "<script>" }, "does not match pattern '^[^<>]*$'"],
    [{ limit: 0 }, "0 is less than minimum 1"],
    [{ limit: 105 }, "105 is greater than maximum 100"],
    [{ limit: 12 }, "12 is not a multipleOf 5"],
    [{ price: 0 }, "0 is not greater than exclusiveMinimum 0"],
    [{ price: 1000 }, "1000 is not less than exclusiveMaximum 1000"],
    [{ tags: [] }, "has fewer than minItems 1"],
    [{ tags: ["a", "b", "c", "d"] }, "has more than maxItems 3"],
    [{ tags: ["a", "a"] }, "has duplicate items (uniqueItems)"],
    [{ contact: "not-an-address" }, "'not-an-address' is not a valid email (format)"],
  ])("%j is refused naming the constraint", (change, message) => {
    const text = rejection(tool, { ...valid, ...change });
    expect(text).toContain(message);
    expect(text).toContain(`'${Object.keys(change)[0]}'`);
  });
});

describe("tags in a member's JSDoc", () => {
  const PRELUDE = `
interface Paging {
  /**
   * Page size.
   * @minimum 1
   * @maximum 50
   */
  size: Int;
  /** @pattern ^[a-z]+$ */
  cursor?: string;
}`;

  it("constrain the member wherever the type is used, and are enforced", () => {
    const tool = toolOf(toolModule(`function f(paging: Paging, pages: Paging[]) { return ""; }`, { prelude: PRELUDE }));
    const paging = {
      type: "object",
      properties: {
        size: { type: "integer", minimum: 1, maximum: 50, description: "Page size." },
        cursor: { type: "string", pattern: "^[a-z]+$" },
      },
      required: ["size"],
    };
    expect(props(tool)).toEqual({ paging, pages: { type: "array", items: paging } });
    expect(() => validateArguments(tool, { paging: { size: 10, cursor: "abc" }, pages: [] })).not.toThrow();
    expect(rejection(tool, { paging: { size: 10 }, pages: [{ size: 60 }] })).toContain(
      "'pages': [0].size: 60 is greater than maximum 50",
    );
  });

  it("a destructured parameter's @param tags add to the member's own", () => {
    const source = withParams(
      `function f({ size, cursor }: Paging) { return ""; }`,
      ["@param size", "@multipleOf 10"],
      PRELUDE,
    );
    const tool = toolOf(source);
    expect(props(tool).size).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 50,
      multipleOf: 10,
      description: "Page size.",
    });
    expect(rejection(tool, { size: 15 })).toContain("15 is not a multipleOf 10");
  });
});

describe("malformed tags are definition errors on their line", () => {
  it.each([
    ["@minimum abc", "@minimum on 'limit' expects a number, got 'abc'"],
    ["@multipleOf 0", "@multipleOf on 'limit' expects a number greater than 0"],
    ["@maxLength 3", "@maxLength applies to a string, and 'limit' is not one"],
    ["@minItems -1", "@minItems on 'limit' expects a non-negative integer"],
    ["@default 0.5", "@default on 'limit' does not fit its own schema: 0.5 is not an integer"],
    ["@default fast", "@default on 'limit' expects a JSON value"],
    ["@examples 5", "@examples on 'limit' expects a JSON array of examples"],
  ])("%s", (tagLine, message) => {
    const source = withParams(`function search(limit: Int) { return ""; }`, ["@param limit Page size.", tagLine]);
    const result = analyze(source);
    expect(result.tool).toBeNull();
    const [error] = definitionErrors(result);
    expect(error.message).toContain(message);
    expect(error.range.startLine).toBe(lineOf(source, tagLine));
    expect(result.preview).not.toBeNull();
  });

  it("a bad regular expression, an unknown format, a pattern its type already has", () => {
    const source = withParams(`function f(a: string, b: string, c: \`id-\${number}\`) { return ""; }`, [
      "@param a",
      "@pattern [a-",
      "@param b",
      "@format phone",
      "@param c",
      "@pattern ^id$",
    ]);
    const errors = definitionErrors(analyze(source));
    expect(errors.map((e) => e.range.startLine)).toEqual([
      lineOf(source, "@pattern [a-"),
      lineOf(source, "@format phone"),
      lineOf(source, "@pattern ^id$"),
    ]);
    expect(errors[0].message).toContain("@pattern on 'a' expects a valid regular expression");
    expect(errors[1].message).toContain("@format on 'b' expects one of the formats date-time, date, time, email");
    expect(errors[2].message).toContain("@pattern on 'c' conflicts with the pattern its type already has");
  });

  it("a constraint above every @param, or on an unannotated parameter", () => {
    const stray = withParams(`function f(limit: Int, q) { return ""; }`, ["@minimum 1", "@param q", "@minLength 2"]);
    const errors = definitionErrors(analyze(stray));
    expect(errors.map((e) => [e.range.startLine, e.message])).toEqual([
      [
        lineOf(stray, "@minimum 1"),
        "@minimum is not below a @param: write it under the @param of the parameter it constrains",
      ],
      [
        lineOf(stray, "@minLength 2"),
        "@minLength on 'q' needs a type: a value without one (or typed any/unknown) is not checked",
      ],
    ]);
  });

  it("in a member's JSDoc, underlined in the member's comment", () => {
    const prelude = `interface Paging {\n  /** @maximum lots */\n  size: Int;\n}`;
    const source = toolModule(`function f(paging: Paging) { return ""; }`, { prelude });
    const result = analyze(source);
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).map((e) => [e.range.startLine, e.message])).toEqual([
      [lineOf(source, "@maximum lots"), "@maximum on 'size' expects a number, got 'lots'"],
    ]);
  });

  it("other tags (@returns, @example, @see) are not constraints", () => {
    const source = withParams(`function f(q: string) { return ""; }`, [
      "@param q The query.",
      "@returns the matches",
      "@see docs/tools.md",
    ]);
    expect(definitionErrors(analyze(source))).toEqual([]);
  });
});
