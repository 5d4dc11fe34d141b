import { describe, expect, it } from "vitest";
import { deref, optionalNames, requiredSkeletonFor, skeletonFor } from "./argument-skeleton";

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

describe("skeletonFor with recursive types ($defs / $ref)", () => {
  const tree = {
    type: "object",
    properties: {
      root: { description: "The top node.", $ref: "#/$defs/Tree" },
      list: { $ref: "#/$defs/List" },
    },
    required: ["root"],
    $defs: {
      Tree: {
        type: "object",
        properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Tree" } } },
        required: ["label", "children"],
      },
      List: {
        type: "object",
        properties: { value: { type: "number" }, next: { $ref: "#/$defs/List" } },
        required: ["value"],
      },
    },
  };

  it("follows a $ref once per path: a recurring array starts empty, anything else recurring is null", () => {
    expect(skeletonFor(tree)).toEqual({
      root: { label: "", children: [] },
      list: { value: 0, next: null },
    });
  });

  it("fills a sub-schema against the root it is given (an item added in the form)", () => {
    expect(skeletonFor({ $ref: "#/$defs/Tree" }, 0, tree)).toEqual({ label: "", children: [] });
  });

  it("derefs with the keywords beside the $ref kept", () => {
    expect(deref(tree.properties.root, tree)).toMatchObject({ type: "object", description: "The top node." });
    expect(deref({ $ref: "#/$defs/Missing" }, tree)).toEqual({ $ref: "#/$defs/Missing" });
  });
});

describe("requiredSkeletonFor", () => {
  it("leaves optional parameters unset, at every depth, so a test run sends only what the author adds", () => {
    const schema = {
      type: "object",
      properties: {
        city: { type: "string" },
        days: { type: "integer" },
        window: {
          type: "object",
          properties: { from: { type: "integer" }, to: { type: "integer" } },
          required: ["from"],
        },
        note: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
      required: ["city", "window"],
    };
    expect(requiredSkeletonFor(schema)).toEqual({ city: "", window: { from: 0 } });
    expect(requiredSkeletonFor({ type: "object", properties: { a: { type: "string" } } })).toEqual({});
  });
});
