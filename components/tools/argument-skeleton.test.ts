import { describe, expect, it } from "vitest";
import { optionalNames, skeletonFor } from "./argument-skeleton";

describe("skeletonFor", () => {
  it("fills every property: enums, arrays, nested objects, nullable, optional", () => {
    const schema = {
      type: "object",
      properties: {
        city: { type: "string" },
        unit: { enum: ["celsius", "fahrenheit"], type: "string" },
        days: { type: "integer" },
        tags: { type: "array", items: { type: "string" } },
        filter: {
          type: "object",
          properties: { min: { type: "number" }, exact: { type: "boolean" } },
          required: ["min"],
        },
        note: { anyOf: [{ type: "string" }, { type: "null" }] },
        when: { type: "string", format: "date-time" },
        extra: { type: "object", additionalProperties: { type: "number" } },
        tuple: { type: "array" },
      },
      required: ["city", "unit"],
    };
    expect(skeletonFor(schema)).toEqual({
      city: "",
      unit: "celsius",
      days: 0,
      tags: [""],
      filter: { min: 0, exact: false },
      note: "",
      when: "2025-01-01T00:00:00Z",
      extra: {},
      tuple: [],
    });
    expect(optionalNames(schema)).toEqual(["days", "tags", "filter", "note", "when", "extra", "tuple"]);
  });

  it("arrays of enums and of objects get one example item", () => {
    expect(skeletonFor({ type: "array", items: { enum: ["a", "b"], type: "string" } })).toEqual(["a"]);
    expect(skeletonFor({ type: "array", items: { type: "object", properties: { id: { type: "string" } } } })).toEqual([
      { id: "" },
    ]);
  });

  it("an empty parameter list gives an empty object", () => {
    expect(skeletonFor({ type: "object", properties: {}, required: [] })).toEqual({});
  });
});
