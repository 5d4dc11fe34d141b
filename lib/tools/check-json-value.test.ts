import { describe, expect, it } from "vitest";
import { checkValue, formatProblems } from "./check-json-value";
import type { JsonSchema, SchemaNote } from "./tool-types";

function problems(schema: JsonSchema, value: unknown, notes: Record<string, SchemaNote> = {}): string[] {
  return formatProblems(checkValue(schema, value, "", notes));
}

describe("primitives, never coerced", () => {
  it.each([
    [{ type: "string" }, 3, "3 is not a string"],
    [{ type: "number" }, "3", "'3' is not a number"],
    [{ type: "number" }, Number.NaN, "NaN is not a number"],
    [{ type: "integer" }, 3.5, "3.5 is not an integer"],
    [{ type: "integer" }, "3", "'3' is not an integer"],
    [{ type: "boolean" }, "true", "'true' is not a boolean"],
    [{ type: "boolean" }, 1, "1 is not a boolean"],
    [{ type: "null" }, 0, "0 is not null"],
    [{ type: "string" }, null, "null is not a string"],
  ])("%j refuses %j", (schema, value, message) => {
    expect(problems(schema, value)).toEqual([message]);
  });

  it.each([
    [{ type: "string" }, ""],
    [{ type: "number" }, 3.25],
    [{ type: "integer" }, -7],
    [{ type: "integer" }, 3.0],
    [{ type: "boolean" }, false],
    [{ type: "null" }, null],
  ])("%j accepts %j", (schema, value) => {
    expect(problems(schema, value)).toEqual([]);
  });
});

describe("enums", () => {
  const unit = { enum: ["celsius", "fahrenheit"], type: "string" };

  it("names the enum when the analyser noted it", () => {
    expect(problems(unit, "kelvin", { "": { typeName: "Unit" } })).toEqual([
      "'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']",
    ]);
  });

  it("an unnamed literal union", () => {
    expect(problems({ enum: ["hourly", "daily"], type: "string" }, "weekly")).toEqual([
      "'weekly' is not a valid value; expected one of ['hourly', 'daily']",
    ]);
  });

  it("numbers are not their strings", () => {
    expect(problems({ enum: [1, 2], type: "integer" }, "1", { "": { typeName: "Level" } })).toEqual([
      "'1' is not a valid Level; expected one of [1, 2]",
    ]);
  });

  it("a member passes", () => {
    expect(problems(unit, "celsius")).toEqual([]);
  });
});

describe("date-time", () => {
  const date = { type: "string", format: "date-time" };
  it.each([["2025-01-31T09:00:00Z"], ["2025-01-31T09:00:00.123+01:00"], ["2025-01-31"]])("accepts %s", (value) => {
    expect(problems(date, value)).toEqual([]);
  });
  it.each([["yesterday"], ["2025-13-45T99:00:00Z"], [1700000000000]])("refuses %j", (value) => {
    expect(problems(date, value)).toHaveLength(1);
  });
  it("accepts a Date object (an output value before serialisation)", () => {
    expect(problems(date, new Date("2025-01-01T00:00:00Z"))).toEqual([]);
  });
});

describe("arrays and objects", () => {
  const filter: JsonSchema = {
    type: "object",
    properties: {
      query: { type: "string" },
      tags: { type: "array", items: { type: "string" } },
      unit: { enum: ["c", "f"], type: "string" },
    },
    required: ["query"],
  };

  it("reports every nested problem with its path", () => {
    expect(problems(filter, { tags: ["a", 5, null], unit: "k" }, { "/properties/unit": { typeName: "Unit" } })).toEqual(
      [
        "missing required property 'query'",
        "tags[1]: 5 is not a string",
        "tags[2]: null is not a string",
        "unit: 'k' is not a valid Unit; expected one of ['c', 'f']",
      ],
    );
  });

  it("allows keys the schema does not name (JSON Schema's default)", () => {
    expect(problems(filter, { query: "q", extra: 1 })).toEqual([]);
  });

  it("checks additionalProperties values", () => {
    expect(problems({ type: "object", additionalProperties: { type: "number" } }, { a: 1, "b c": "x" })).toEqual([
      `['b c']: 'x' is not a number`,
    ]);
  });

  it.each([
    [{ type: "array" }, { 0: "a" }, `{"0":"a"} is not an array`],
    [{ type: "object" }, ["a"], "['a'] is not an object"],
    [{ type: "object" }, null, "null is not an object"],
  ])("%j refuses %j", (schema, value, message) => {
    expect(problems(schema, value)).toEqual([message]);
  });

  it("a bare array or object accepts any contents", () => {
    expect(problems({ type: "array" }, [1, "a", null])).toEqual([]);
    expect(problems({ type: "object" }, { a: [1] })).toEqual([]);
  });

  it("Set and Map values are checked as arrays and objects", () => {
    expect(problems({ type: "array", items: { type: "string" } }, new Set(["a", 1]))).toEqual([
      "[1]: 1 is not a string",
    ]);
    expect(problems({ type: "object", additionalProperties: { type: "number" } }, new Map([["a", 1]]))).toEqual([]);
  });

  it("long values are shortened in messages", () => {
    const [message] = problems({ type: "string" }, { long: "x".repeat(200) });
    expect(message.length).toBeLessThan(120);
    expect(message).toMatch(/\.\.\. is not a string$/);
  });
});

describe("anyOf", () => {
  it("X | null takes null or a valid X, and reports X's own complaint", () => {
    const schema = { anyOf: [{ type: "integer" }, { type: "null" }] };
    expect(problems(schema, null)).toEqual([]);
    expect(problems(schema, 3)).toEqual([]);
    expect(problems(schema, 3.5)).toEqual(["3.5 is not an integer"]);
  });

  it("a multi-type union names the allowed kinds", () => {
    expect(problems({ anyOf: [{ type: "string" }, { type: "number" }] }, true)).toEqual([
      "true does not match any of: string, number",
    ]);
  });

  it("uses the branch's own pointer for names", () => {
    const schema = { anyOf: [{ enum: ["a", "b"], type: "string" }, { type: "null" }] };
    expect(problems(schema, "z", { "/anyOf/0": { typeName: "Letter" } })).toEqual([
      "'z' is not a valid Letter; expected one of ['a', 'b']",
    ]);
  });
});

describe("unchecked values", () => {
  it("any/unknown values are advertised as strings but not enforced", () => {
    expect(problems({ type: "string" }, 42, { "": { unchecked: true } })).toEqual([]);
    expect(problems({ type: "string" }, 42)).toEqual(["42 is not a string"]);
  });
});

describe("prototype names", () => {
  it("a nested key named like an Object.prototype member is not mistaken for a declared property", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, required: ["constructor"] };
    expect(problems(schema, {})).toEqual(["missing required property 'constructor'"]);
    expect(problems({ type: "object", properties: {} }, { constructor: 5, toString: "x" })).toEqual([]);
  });
});
