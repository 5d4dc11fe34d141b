import { describe, expect, it } from "vitest";
import { canonicalHash, canonicalJson } from "./canonical-json";

describe("canonical JSON", () => {
  it("sorts keys at every depth and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("gives equal objects written in another key order the same hash", () => {
    expect(canonicalHash({ amount: 5, order: "A1" })).toBe(canonicalHash({ order: "A1", amount: 5 }));
    expect(canonicalHash({ amount: 5 })).not.toBe(canonicalHash({ amount: "5" }));
  });
});
