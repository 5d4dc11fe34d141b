/**
 * Schemas exactly as precise as the types (lib/tools/README.md, "Precision"): per family, the schema
 * the analyser must produce and the call-time check it implies (valid and invalid arguments).
 */
import { describe, expect, it } from "vitest";
import { ToolArgumentError, ToolShapeError } from "./errors";
import { toolModule, toolOf } from "./testing/tool-modules";
import type { AnalyzedTool, JsonSchema } from "./tool-types";
import { validateArguments } from "./validate-arguments";
import { validateOutput } from "./validate-output";

function probe(annotation: string, prelude = ""): AnalyzedTool {
  return toolOf(toolModule(`async function probe(x: ${annotation}) { return "ok"; }`, { prelude }));
}

function xSchema(tool: AnalyzedTool): JsonSchema {
  return (tool.parameters.properties as Record<string, JsonSchema>).x;
}

function accepts(tool: AnalyzedTool, args: Record<string, unknown>): void {
  expect(() => validateArguments(tool, args)).not.toThrow();
}

function rejects(tool: AnalyzedTool, args: Record<string, unknown>): ToolArgumentError {
  try {
    validateArguments(tool, args);
  } catch (e) {
    if (ToolArgumentError.is(e)) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(args)} to be rejected`);
}

describe("intersections", () => {
  it("A & B of object types is one object with both members, required from either", () => {
    const tool = probe("A & B", "interface A { a: string; n?: number } interface B { b: boolean; n: number }");
    expect(xSchema(tool)).toEqual({
      type: "object",
      properties: { a: { type: "string" }, n: { type: "number" }, b: { type: "boolean" } },
      required: ["a", "n", "b"],
    });
    accepts(tool, { x: { a: "s", n: 1, b: true } });
    expect(rejects(tool, { x: { a: "s", b: true } }).message).toContain("missing required property 'n'");
  });

  it("a branded string is a string, with no `length` or brand key", () => {
    for (const [annotation, prelude] of [
      ["Email", `type Email = string & { readonly __brand: "Email" };`],
      ["Loose", `type Loose = string & Record<never, never>;`],
    ]) {
      const tool = probe(annotation, prelude);
      expect(xSchema(tool)).toEqual({ type: "string" });
      accepts(tool, { x: "a@b.c" });
      expect(rejects(tool, { x: 5 }).message).toContain("5 is not a string");
    }
  });

  it("a branded literal union keeps the literals", () => {
    const tool = probe("Size", `type Size = ("s" | "m" | "l") & { readonly __brand: "Size" };`);
    expect(xSchema(tool)).toEqual({ enum: ["s", "m", "l"], type: "string" });
    accepts(tool, { x: "m" });
    expect(rejects(tool, { x: "xl" }).message).toContain("'xl' is not a valid Size");
  });

  it("an intersection with array types is an array of what every part holds", () => {
    const tagged = probe(`string[] & { readonly __brand: "Tags" }`);
    expect(xSchema(tagged)).toEqual({ type: "array", items: { type: "string" } });
    accepts(tagged, { x: ["a"] });
    expect(rejects(tagged, { x: { length: 1 } }).message).toContain("is not an array");
    expect(rejects(tagged, { x: [1] }).message).toContain("'x': [0]: 1 is not a string");

    const both = probe("Array<{ a: string }> & Array<{ b: number }>");
    expect(xSchema(both)).toEqual({
      type: "array",
      items: { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a", "b"] },
    });
    expect(rejects(both, { x: [{ a: "s" }] }).message).toContain("missing required property 'b'");
  });
});

describe("absent values", () => {
  const SHAPE = "{ a: undefined; b: void; c: string | undefined; d: never; e: string }";

  it("undefined / void / never members are not advertised; X | undefined is optional", () => {
    const tool = probe(SHAPE);
    expect(xSchema(tool)).toEqual({
      type: "object",
      properties: { c: { type: "string" }, e: { type: "string" } },
      required: ["e"],
    });
    accepts(tool, { x: { e: "1" } });
    accepts(tool, { x: { c: "2", e: "1" } });
    expect(rejects(tool, { x: { c: 1, e: "1" } }).message).toContain("'x': c: 1 is not a string");
  });

  it("parameters too: the call plan keeps their position, the schema does not advertise them", () => {
    const tool = toolOf(
      toolModule(`function f(a: string | undefined, b: undefined, c: never, d: void, e: Int) { return ""; }`),
    );
    expect(tool.parameters).toEqual({
      type: "object",
      properties: { a: { type: "string" }, e: { type: "integer" } },
      required: ["e"],
    });
    expect(tool.call.params.map((p) => p.name)).toEqual(["a", "b", "c", "d", "e"]);
    accepts(tool, { e: 1 });
    expect(rejects(tool, { e: 1, b: "x" }).unexpected).toEqual(["b"]);
  });

  it("undefined in a union is dropped from the alternatives; null stays", () => {
    const tool = probe(`"a" | undefined | null`);
    expect(xSchema(tool)).toEqual({ anyOf: [{ enum: ["a"], type: "string" }, { type: "null" }] });
    expect(tool.parameters.required).toEqual([]);
    accepts(tool, { x: null });
    accepts(tool, {});
  });
});

describe("recursive types", () => {
  const TREE = "interface Tree { value: number; children: Tree[] }";

  it("a tree is a $ref to its definition in $defs", () => {
    const tool = probe("Tree", TREE);
    expect(JSON.stringify(tool.parameters)).toBe(
      JSON.stringify({
        type: "object",
        properties: { x: { $ref: "#/$defs/Tree" } },
        required: ["x"],
        $defs: {
          Tree: {
            type: "object",
            properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/Tree" } } },
            required: ["value", "children"],
          },
        },
      }),
    );
    const leaf = (value: unknown) => ({ value, children: [] });
    accepts(tool, { x: { value: 1, children: [{ value: 2, children: [leaf(3)] }] } });
    expect(rejects(tool, { x: { value: 1, children: [{ value: 2, children: [leaf("3")] }] } }).message).toContain(
      "'x': children[0].children[0].value: '3' is not a number",
    );
  });

  it("a JSON value: the recursive union is one definition", () => {
    const tool = probe("Json", "type Json = string | number | boolean | null | Json[] | { [key: string]: Json };");
    expect(xSchema(tool)).toEqual({ $ref: "#/$defs/Json" });
    expect(tool.parameters.$defs).toEqual({
      Json: {
        anyOf: [
          { type: "string" },
          { type: "number" },
          { type: "boolean" },
          { type: "array", items: { $ref: "#/$defs/Json" } },
          { type: "object", additionalProperties: { $ref: "#/$defs/Json" } },
          { type: "null" },
        ],
      },
    });
    accepts(tool, { x: { a: [1, "two", null, { b: [true, { c: [[[]]] }] }] } });
  });

  it("a linked list, its enum names kept through the reference", () => {
    const prelude = `enum Unit { C = "celsius", F = "fahrenheit" }
interface ListNode { unit: Unit; next: ListNode | null }`;
    const tool = probe("ListNode", prelude);
    expect(tool.parameters.$defs).toEqual({
      ListNode: {
        type: "object",
        properties: {
          unit: { enum: ["celsius", "fahrenheit"], type: "string" },
          next: { anyOf: [{ $ref: "#/$defs/ListNode" }, { type: "null" }] },
        },
        required: ["unit", "next"],
      },
    });
    accepts(tool, { x: { unit: "celsius", next: { unit: "fahrenheit", next: null } } });
    expect(rejects(tool, { x: { unit: "celsius", next: { unit: "kelvin", next: null } } }).message).toContain(
      "'x': next.unit: 'kelvin' is not a valid Unit",
    );
  });

  it("mutual recursion, one use or several, generics and destructuring", () => {
    const mutual = probe("A", "interface A { b?: B } interface B { a?: A }");
    expect(mutual.parameters.$defs).toEqual({
      A: { type: "object", properties: { b: { type: "object", properties: { a: { $ref: "#/$defs/A" } } } } },
    });

    const twice = toolOf(toolModule(`function f(a: Tree, b: Tree[]) { return ""; }`, { prelude: TREE }));
    expect(twice.parameters.properties).toEqual({
      a: { $ref: "#/$defs/Tree" },
      b: { type: "array", items: { $ref: "#/$defs/Tree" } },
    });
    expect(Object.keys(twice.parameters.$defs as object)).toEqual(["Tree"]);

    const generic = probe("Node<string>", "interface Node<T> { value: T; kids: Node<T>[] }");
    expect(xSchema(generic)).toEqual({ $ref: "#/$defs/Node_string" });

    const destructured = toolOf(toolModule(`function f({ value, children }: Tree) { return ""; }`, { prelude: TREE }));
    expect(destructured.parameters.properties).toEqual({
      value: { type: "number" },
      children: { type: "array", items: { $ref: "#/$defs/Tree" } },
    });
    expect(rejects(destructured, { value: 1, children: [{ value: "no", children: [] }] }).message).toContain(
      "'children': [0].value: 'no' is not a number",
    );
  });

  it("deep but finite nesting stays inline", () => {
    const levels = Array.from(
      { length: 16 },
      (_, i) => `interface L${i} { next: ${i === 15 ? "string" : `L${i + 1}`} }`,
    );
    const tool = probe("L0", levels.join("\n"));
    expect(tool.parameters.$defs).toBeUndefined();
    let schema = xSchema(tool);
    for (let i = 0; i < 16; i++) schema = (schema.properties as Record<string, JsonSchema>).next;
    expect(schema).toEqual({ type: "string" });
    const value = Array.from({ length: 16 }).reduce<unknown>((inner) => ({ next: inner }), 7);
    expect(rejects(tool, { x: value }).message).toContain("7 is not a string");
  });

  it("enum names survive nested definitions of a recursive output type", () => {
    const prelude = `enum Unit { C = "celsius", F = "fahrenheit" }
interface Cell { unit: Unit; cells: Cell[] }
interface Reading { unit: Unit; cell: Cell; next?: Reading }`;
    const tool = toolOf(toolModule(`async function f(q: string): Promise<Reading> { return null!; }`, { prelude }));
    expect(Object.keys(tool.outputSchema!.$defs as object).sort()).toEqual(["Cell", "Reading"]);
    const cell = (unit: string, cells: unknown[] = []) => ({ unit, cells });
    const bad = { unit: "celsius", cell: cell("celsius", [cell("kelvin")]), next: { unit: "kelvin", cell: cell("F") } };
    try {
      validateOutput(tool, bad);
      throw new Error("expected a ToolShapeError");
    } catch (e) {
      expect(e).toBeInstanceOf(ToolShapeError);
      expect((e as ToolShapeError).problems).toEqual([
        "cell.cells[0].unit: 'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']",
        "next.unit: 'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']",
        "next.cell.unit: 'F' is not a valid Unit; expected one of ['celsius', 'fahrenheit']",
      ]);
    }
    expect(() => validateOutput(tool, { unit: "celsius", cell: cell("fahrenheit", [cell("celsius")]) })).not.toThrow();
  });

  it("a recursive output type is checked through its definitions", () => {
    const tool = toolOf(
      toolModule(`async function f(q: string): Promise<Tree> { return { value: 1, children: [] }; }`, {
        prelude: TREE,
      }),
    );
    expect(tool.outputSchema).toEqual({
      $ref: "#/$defs/Tree",
      $defs: {
        Tree: {
          type: "object",
          properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/Tree" } } },
          required: ["value", "children"],
        },
      },
    });
    expect(() => validateOutput(tool, { value: 1, children: [{ value: 2, children: [] }] })).not.toThrow();
    expect(() => validateOutput(tool, { value: 1, children: [{ value: "2", children: [] }] })).toThrow(ToolShapeError);
  });
});

describe("template literals, keyof, indexed access and mapped types", () => {
  it("a template literal is a string with the pattern the checker enforces", () => {
    const tool = probe("`order-${number}`");
    expect(xSchema(tool).type).toBe("string");
    expect(typeof xSchema(tool).pattern).toBe("string");
    for (const ok of ["order-12", "order-1.5", "order--3", "order-1e3", "order-0x1F"]) accepts(tool, { x: ok });
    for (const bad of ["order-", "order-abc", "xorder-1", "order-1x", "order-Infinity"]) {
      expect(rejects(tool, { x: bad }).message).toContain("does not match pattern");
    }
  });

  it("string placeholders, unions of templates, and Uppercase<string>", () => {
    const email = probe("`${string}@${string}`");
    accepts(email, { x: "a@b" });
    accepts(email, { x: "@" });
    rejects(email, { x: "ab" });

    const kinds = probe('`${"user" | "team"}:${bigint}`');
    expect(xSchema(kinds).anyOf).toHaveLength(2);
    accepts(kinds, { x: "team:-42" });
    rejects(kinds, { x: "org:1" });
    rejects(kinds, { x: "user:1.5" });

    const shout = probe("Uppercase<string>");
    accepts(shout, { x: "HELLO, WORLD 1" });
    rejects(shout, { x: "Hello" });
  });

  it("keyof is the enum of the keys, in declaration order", () => {
    const prelude = `const seen: "m" | "a" = "a"; interface F { z: string; a: number; m: boolean }`;
    const tool = probe("keyof F", prelude);
    expect(JSON.stringify(xSchema(tool))).toBe(JSON.stringify({ enum: ["z", "a", "m"], type: "string" }));
    expect(JSON.stringify(xSchema(probe("Key", `${prelude} type Key = keyof F;`)).enum)).toBe('["z","a","m"]');
    rejects(tool, { x: "q" });
  });

  it("indexed access and mapped types over literal unions, as the checker evaluates them", () => {
    const prelude = `
type Unit = "celsius" | "fahrenheit" | "kelvin";
const UNITS = ["celsius", "fahrenheit", "celsius"] as const;
interface Settings { mode?: "fast" | "slow"; unit: Unit }
type Flags = { [K in Unit]: K };`;
    expect(xSchema(probe(`Settings["mode"]`, prelude))).toEqual({ enum: ["fast", "slow"], type: "string" });
    expect(probe(`Settings["mode"]`, prelude).parameters.required).toEqual([]);
    expect(xSchema(probe(`Exclude<Unit, "kelvin">`, prelude))).toEqual({
      enum: ["celsius", "fahrenheit"],
      type: "string",
    });
    expect(xSchema(probe(`(typeof UNITS)[number]`, prelude))).toEqual({
      enum: ["celsius", "fahrenheit"],
      type: "string",
    });
    expect(xSchema(probe(`Flags[Unit] | Unit`, prelude))).toEqual({
      enum: ["celsius", "fahrenheit", "kelvin"],
      type: "string",
    });
    const mapped = probe("Flags", prelude);
    expect(xSchema(mapped)).toEqual({
      type: "object",
      properties: {
        celsius: { enum: ["celsius"], type: "string" },
        fahrenheit: { enum: ["fahrenheit"], type: "string" },
        kelvin: { enum: ["kelvin"], type: "string" },
      },
      required: ["celsius", "fahrenheit", "kelvin"],
    });
    rejects(mapped, { x: { celsius: "celsius", fahrenheit: "kelvin", kelvin: "kelvin" } });
  });
});

describe("output schemas: Promise<T> is T", () => {
  const QUOTE = "interface Quote { symbol: string; price: number }";
  it.each([
    ["async function f(s: string): Promise<Quote> { return { symbol: s, price: 1 }; }", ""],
    ["function f(s: string): Promise<Quote> { return Promise.resolve({ symbol: s, price: 1 }); }", ""],
    ["async function f(s: string): Pending { return { symbol: s, price: 1 }; }", "type Pending = Promise<Quote>;"],
    ["function f(s: string): PromiseLike<Quote> { return Promise.resolve({ symbol: s, price: 1 }); }", ""],
  ])("%s", (fn, extra) => {
    const tool = toolOf(toolModule(fn, { prelude: `${QUOTE}\n${extra}` }));
    expect(tool.outputSchemaName).toBe("Quote");
    expect(() => validateOutput(tool, { symbol: "A", price: "1" })).toThrow(ToolShapeError);
  });
});
