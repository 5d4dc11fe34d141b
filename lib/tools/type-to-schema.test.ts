/** The type-mapping table of lib/tools/README.md, row by row, through a parameter `x` of each type. */
import { describe, expect, it } from "vitest";
import { paramSchema, toolModule, toolOf } from "./testing/tool-modules";
import type { JsonSchema } from "./tool-types";

function json(schema: JsonSchema): string {
  return JSON.stringify(schema);
}

describe("primitives", () => {
  it.each([
    ["string", { type: "string" }],
    ["number", { type: "number" }],
    ["boolean", { type: "boolean" }],
    ["Int", { type: "integer" }],
  ])("%s", (annotation, expected) => {
    expect(paramSchema(annotation)).toEqual(expected);
  });
});

describe("arrays", () => {
  it.each([
    ["string[]", { type: "array", items: { type: "string" } }],
    ["Array<number>", { type: "array", items: { type: "number" } }],
    ["ReadonlyArray<Int>", { type: "array", items: { type: "integer" } }],
    ["readonly boolean[]", { type: "array", items: { type: "boolean" } }],
    ["Set<string>", { type: "array", items: { type: "string" } }],
    ["ReadonlySet<string>", { type: "array", items: { type: "string" } }],
    ["Iterable<number>", { type: "array", items: { type: "number" } }],
    ["string[][]", { type: "array", items: { type: "array", items: { type: "string" } } }],
  ])("%s", (annotation, expected) => {
    expect(paramSchema(annotation)).toEqual(expected);
  });

  it.each([["[string, number]"], ["unknown[]"], ["any[]"], ["Array"], ["readonly [Int, Int]"]])(
    "%s has no single element type",
    (annotation) => {
      expect(paramSchema(annotation)).toEqual({ type: "array" });
    },
  );
});

describe("maps and index signatures", () => {
  it.each([
    ["Record<string, number>", { type: "object", additionalProperties: { type: "number" } }],
    ["Map<string, boolean>", { type: "object", additionalProperties: { type: "boolean" } }],
    ["{ [key: string]: Int }", { type: "object", additionalProperties: { type: "integer" } }],
    [
      "Record<string, string[]>",
      { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    ],
    ["Record<string, unknown>", { type: "object" }],
  ])("%s", (annotation, expected) => {
    expect(paramSchema(annotation)).toEqual(expected);
  });

  it("an object with named members and an index signature keeps both", () => {
    expect(paramSchema("{ id: string; [key: string]: string }")).toEqual({
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
      additionalProperties: { type: "string" },
    });
  });

  it("Record over literal keys is an object with those properties", () => {
    expect(paramSchema(`Record<"min" | "max", number>`)).toEqual({
      type: "object",
      properties: { min: { type: "number" }, max: { type: "number" } },
      required: ["min", "max"],
    });
  });
});

describe("object shapes", () => {
  const FILTER = `
interface Filter {
  /** Free text to match against product names. */
  query: string;
  /** Maximum number of results. */
  limit?: Int;
  inStock: boolean;
}`;

  it("an interface: properties in declaration order, required from non-optional members, JSDoc as description", () => {
    expect(json(paramSchema("Filter", FILTER))).toBe(
      json({
        type: "object",
        properties: {
          query: { type: "string", description: "Free text to match against product names." },
          limit: { type: "integer", description: "Maximum number of results." },
          inStock: { type: "boolean" },
        },
        required: ["query", "inStock"],
      }),
    );
  });

  it("an object type literal and a type alias of one", () => {
    const expected = { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a"] };
    expect(paramSchema("{ a: string; b?: number }")).toEqual(expected);
    expect(paramSchema("Pair", "type Pair = { a: string; b?: number };")).toEqual(expected);
  });

  it("a class shape: its data properties, not methods or private members", () => {
    const prelude = `
class Order {
  id = "";
  /** In cents. */
  total?: number;
  private secret = 1;
  static count = 0;
  describe(): string { return this.id; }
}`;
    expect(paramSchema("Order", prelude)).toEqual({
      type: "object",
      properties: { id: { type: "string" }, total: { type: "number", description: "In cents." } },
      required: ["id"],
    });
  });

  it("nested objects, arrays of objects, and inherited members", () => {
    const prelude = `
interface Base { id: string }
interface Line extends Base { qty: Int }
interface Cart { lines: Line[]; note?: string | null }`;
    expect(paramSchema("Cart", prelude)).toEqual({
      type: "object",
      properties: {
        lines: {
          type: "array",
          items: {
            type: "object",
            properties: { qty: { type: "integer" }, id: { type: "string" } },
            required: ["qty", "id"],
          },
        },
        note: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
      required: ["lines"],
    });
  });

  it("an object with no required members has no required list", () => {
    expect(paramSchema("{ a?: string }")).toEqual({ type: "object", properties: { a: { type: "string" } } });
  });

  it("a recursive type is a $ref to its definition (schema-precision.test.ts has the family)", () => {
    const prelude = `interface Category { name: string; children: Category[] }`;
    const tool = toolOf(toolModule(`function probe(x: Category) { return ""; }`, { prelude }));
    expect(tool.parameters.properties).toEqual({ x: { $ref: "#/$defs/Category" } });
    expect(tool.parameters.$defs).toEqual({
      Category: {
        type: "object",
        properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Category" } } },
        required: ["name", "children"],
      },
    });
  });

  it("mutually recursive types terminate too", () => {
    const prelude = `interface A { b?: B } interface B { a?: A }`;
    expect(paramSchema("A", prelude)).toEqual({ $ref: "#/$defs/A" });
  });
});

describe("literal unions and enums", () => {
  it("a string-literal union, in the order written", () => {
    expect(json(paramSchema(`"hourly" | "daily"`))).toBe(json({ enum: ["hourly", "daily"], type: "string" }));
    expect(json(paramSchema(`"daily" | "hourly"`))).toBe(json({ enum: ["daily", "hourly"], type: "string" }));
  });

  it("declaration order survives literals the checker met earlier in another order", () => {
    const prelude = `const seen: "b" | "a" = "a"; type Letters = "a" | "b" | "c";`;
    expect(paramSchema("Letters", prelude)).toEqual({ enum: ["a", "b", "c"], type: "string" });
  });

  it("a named union through an alias of aliases keeps order", () => {
    const prelude = `type Warm = "summer" | "spring"; type Season = Warm | "winter" | "autumn";`;
    expect(paramSchema("Season", prelude).enum).toEqual(["summer", "spring", "winter", "autumn"]);
  });

  it("number literal unions are integer or number", () => {
    expect(paramSchema("1 | 2 | 3")).toEqual({ enum: [1, 2, 3], type: "integer" });
    expect(paramSchema("0.5 | 1")).toEqual({ enum: [0.5, 1], type: "number" });
  });

  it("a single literal is a one-value enum", () => {
    expect(paramSchema(`"only"`)).toEqual({ enum: ["only"], type: "string" });
  });

  it("mixed literals are an untyped enum", () => {
    expect(paramSchema(`"auto" | 0`)).toEqual({ enum: ["auto", 0] });
  });

  it("a string enum: its values, typed, in declaration order", () => {
    expect(json(paramSchema("Unit", `enum Unit { F = "fahrenheit", C = "celsius" }`))).toBe(
      json({ enum: ["fahrenheit", "celsius"], type: "string" }),
    );
  });

  it("a numeric enum is typed integer", () => {
    expect(paramSchema("Level", `enum Level { Low = 1, Mid, High }`)).toEqual({ enum: [1, 2, 3], type: "integer" });
  });

  it("a heterogeneous enum is untyped", () => {
    expect(paramSchema("Mixed", `enum Mixed { A = "a", B = 2 }`)).toEqual({ enum: ["a", 2] });
  });

  it("a const enum works like an enum", () => {
    expect(paramSchema("Dir", `const enum Dir { Up = "up", Down = "down" }`)).toEqual({
      enum: ["up", "down"],
      type: "string",
    });
  });
});

describe("optional, nullable and other unions", () => {
  it("X | null is anyOf with null", () => {
    expect(json(paramSchema("string | null"))).toBe(json({ anyOf: [{ type: "string" }, { type: "null" }] }));
  });

  it("null written first still puts the value first", () => {
    expect(paramSchema("null | number")).toEqual({ anyOf: [{ type: "number" }, { type: "null" }] });
  });

  it("a literal union or enum with null", () => {
    expect(paramSchema(`"a" | "b" | null`)).toEqual({
      anyOf: [{ enum: ["a", "b"], type: "string" }, { type: "null" }],
    });
    expect(paramSchema("Unit | null", `enum Unit { C = "celsius", F = "fahrenheit" }`)).toEqual({
      anyOf: [{ enum: ["celsius", "fahrenheit"], type: "string" }, { type: "null" }],
    });
  });

  it("boolean | null", () => {
    expect(paramSchema("boolean | null")).toEqual({ anyOf: [{ type: "boolean" }, { type: "null" }] });
  });

  it("other unions are anyOf, in the order written", () => {
    expect(json(paramSchema("number | string"))).toBe(json({ anyOf: [{ type: "number" }, { type: "string" }] }));
    expect(paramSchema("string | boolean | Int")).toEqual({
      anyOf: [{ type: "string" }, { type: "boolean" }, { type: "integer" }],
    });
  });

  it("a multi-type union with null adds null to the same anyOf", () => {
    expect(paramSchema("string | number | null")).toEqual({
      anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }],
    });
  });

  it("undefined is stripped from unions", () => {
    expect(paramSchema("string | undefined")).toEqual({ type: "string" });
    expect(paramSchema(`"a" | "b" | undefined`)).toEqual({ enum: ["a", "b"], type: "string" });
  });

  it("optional members lose the undefined strict mode adds", () => {
    expect(paramSchema(`{ mode?: "fast" | "slow" }`)).toEqual({
      type: "object",
      properties: { mode: { enum: ["fast", "slow"], type: "string" } },
    });
  });

  it("a union of object shapes", () => {
    expect(paramSchema("{ kind: 'a'; a: string } | { kind: 'b'; b: number }")).toEqual({
      anyOf: [
        {
          type: "object",
          properties: { kind: { enum: ["a"], type: "string" }, a: { type: "string" } },
          required: ["kind", "a"],
        },
        {
          type: "object",
          properties: { kind: { enum: ["b"], type: "string" }, b: { type: "number" } },
          required: ["kind", "b"],
        },
      ],
    });
  });
});

describe("dates and everything else", () => {
  it("Date is a date-time string", () => {
    expect(json(paramSchema("Date"))).toBe(json({ type: "string", format: "date-time" }));
  });

  it.each([["any"], ["unknown"], ["RegExp"], ["() => void"], ["symbol"], ["bigint"], ["Promise<string>"]])(
    "%s is a string",
    (annotation) => {
      expect(paramSchema(annotation)).toEqual({ type: "string" });
    },
  );

  it("an unannotated parameter is a string", () => {
    const tool = toolOf(toolModule(`function probe(x) { return x; }`));
    expect(tool.parameters.properties).toEqual({ x: { type: "string" } });
  });

  it("object (the keyword) is an object", () => {
    expect(paramSchema("object")).toEqual({ type: "object" });
  });

  it("a branded string stays a string", () => {
    expect(paramSchema("OrderId", `type OrderId = string & { readonly __brand: "OrderId" };`)).toEqual({
      type: "string",
    });
  });

  it("Int inside containers and unions", () => {
    expect(paramSchema("Int[]")).toEqual({ type: "array", items: { type: "integer" } });
    expect(paramSchema("Int | null")).toEqual({ anyOf: [{ type: "integer" }, { type: "null" }] });
    expect(paramSchema("Record<string, Int>")).toEqual({ type: "object", additionalProperties: { type: "integer" } });
  });
});
