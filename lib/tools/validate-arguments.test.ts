import { describe, expect, it } from "vitest";
import { ToolArgumentError } from "./errors";
import { toolModule, toolOf } from "./testing/tool-modules";
import { validateArguments } from "./validate-arguments";

function rejection(fn: () => unknown): ToolArgumentError {
  try {
    fn();
  } catch (e) {
    if (ToolArgumentError.is(e)) return e;
    throw e;
  }
  throw new Error("expected a ToolArgumentError");
}

const CANCEL = toolOf(
  toolModule(`function cancel_order(order_id: string, reason: string = "customer request") { return order_id; }`, {
    options: "{ sideEffecting: true }",
  }),
);

describe("validateArguments", () => {
  it("the seed's combined message: unexpected, then missing, then the accepted names", () => {
    const error = rejection(() => validateArguments(CANCEL, { order: "A-771" }));
    expect(error.message).toBe(
      "tool 'cancel_order' call rejected: unexpected argument(s) ['order']; missing required argument(s) ['order_id']. Accepted arguments: ['order_id', 'reason']",
    );
    expect([error.toolName, error.missing, error.unexpected, error.invalid, error.accepted]).toEqual([
      "cancel_order",
      ["order_id"],
      ["order"],
      [],
      ["order_id", "reason"],
    ]);
  });

  it("collects every missing, unexpected and invalid argument at once", () => {
    const tool = toolOf(
      toolModule(`function f(city: string, unit: Unit, days: Int, when?: Date) { return city; }`, {
        prelude: `enum Unit { C = "celsius", F = "fahrenheit" }`,
      }),
    );
    const error = rejection(() =>
      validateArguments(tool, { unit: "kelvin", days: 2.5, when: "soon", extra: 1, more: 2 }),
    );
    expect(error.missing).toEqual(["city"]);
    expect(error.unexpected).toEqual(["extra", "more"]);
    expect(error.invalid).toEqual([
      ["unit", "'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']"],
      ["days", "2.5 is not an integer"],
      ["when", "'soon' is not a valid date-time (an ISO 8601 string such as '2025-01-31T09:00:00Z')"],
    ]);
    expect(error.message).toBe(
      "tool 'f' call rejected: unexpected argument(s) ['extra', 'more']; missing required argument(s) ['city']; " +
        "invalid argument(s) 'unit': 'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']; 'days': 2.5 is not an integer; " +
        "'when': 'soon' is not a valid date-time (an ISO 8601 string such as '2025-01-31T09:00:00Z'). Accepted arguments: ['city', 'unit', 'days', 'when']",
    );
  });

  it("an optional enum parameter keeps its name in messages", () => {
    const tool = toolOf(toolModule(`function f(unit?: Unit) { return ""; }`, { prelude: `type Unit = "c" | "f";` }));
    expect(rejection(() => validateArguments(tool, { unit: "k" })).invalid).toEqual([
      ["unit", "'k' is not a valid Unit; expected one of ['c', 'f']"],
    ]);
  });

  it("validates nested objects and arrays against the schema", () => {
    const tool = toolOf(
      toolModule(`function f(filter: Filter) { return ""; }`, {
        prelude: `type Size = "S" | "M" | "L";\ninterface Filter { sizes: Size[]; price: { min: number; max?: number } }`,
      }),
    );
    expect(
      rejection(() => validateArguments(tool, { filter: { sizes: ["M", "XXXL"], price: { max: "9" } } })).invalid,
    ).toEqual([
      [
        "filter",
        "sizes[1]: 'XXXL' is not a valid Size; expected one of ['S', 'M', 'L']; price: missing required property 'min'; price.max: '9' is not a number",
      ],
    ]);
    expect(validateArguments(tool, { filter: { sizes: ["S"], price: { min: 1 } } })).toEqual({
      filter: { sizes: ["S"], price: { min: 1 } },
    });
  });

  it("optional parameters may be left out; null is not undefined", () => {
    expect(validateArguments(CANCEL, { order_id: "A-1" })).toEqual({ order_id: "A-1" });
    expect(rejection(() => validateArguments(CANCEL, { order_id: "A-1", reason: null })).invalid).toEqual([
      ["reason", "null is not a string"],
    ]);
  });

  it("X | null accepts null", () => {
    const tool = toolOf(toolModule(`function f(note: string | null) { return ""; }`));
    expect(validateArguments(tool, { note: null })).toEqual({ note: null });
  });

  it("a missing or null arguments object is an empty one", () => {
    const tool = toolOf(toolModule(`function f() { return ""; }`));
    expect(validateArguments(tool, undefined)).toEqual({});
    expect(validateArguments(tool, null)).toEqual({});
    expect(rejection(() => validateArguments(CANCEL, undefined)).missing).toEqual(["order_id"]);
  });

  it("a non-object arguments value is invalid as a whole", () => {
    expect(rejection(() => validateArguments(CANCEL, ["A-1"])).invalid).toEqual([
      ["arguments", "['A-1'] is not an object of named arguments"],
    ]);
    expect(rejection(() => validateArguments(CANCEL, "A-1")).invalid).toEqual([
      ["arguments", "'A-1' is not an object of named arguments"],
    ]);
  });

  it("unannotated and any parameters are advertised as strings but not enforced", () => {
    const tool = toolOf(toolModule(`function f(a, b: any, c: unknown) { return ""; }`));
    expect(validateArguments(tool, { a: 1, b: { x: 1 }, c: [true] })).toEqual({ a: 1, b: { x: 1 }, c: [true] });
  });

  it("returns declared arguments in declared order, then extras", () => {
    const tool = toolOf(
      toolModule(`function f({ b, a }: { a: string; b: string; [k: string]: unknown }) { return ""; }`),
    );
    expect(Object.keys(validateArguments(tool, { z: 1, b: "b", a: "a" }))).toEqual(["a", "b", "z"]);
  });

  it("does not freeze the caller's object", () => {
    const tool = toolOf(toolModule(`function f(tags: string[]) { return ""; }`));
    const input = { tags: ["a"] };
    const out = validateArguments(tool, input);
    expect(Object.isFrozen(out.tags)).toBe(true);
    expect(Object.isFrozen(input.tags)).toBe(false);
  });
});

describe("the injected context key", () => {
  it("is dropped only under the declared name", () => {
    const tool = toolOf(toolModule(`function f(q: string, context: RunContext) { return q; }`));
    expect(validateArguments(tool, { q: "x", context: "forged" })).toEqual({ q: "x" });
    expect(rejection(() => validateArguments(tool, { q: "x", ctx: "forged" })).unexpected).toEqual(["ctx"]);
  });

  it("is an ordinary argument for a data parameter named context", () => {
    const tool = toolOf(toolModule(`function f(context: string) { return context; }`));
    expect(validateArguments(tool, { context: "text" })).toEqual({ context: "text" });
  });

  it("is kept as an extra for a tool that accepts extras and declares no context", () => {
    const tool = toolOf(toolModule(`function f({ q }: { q: string; [k: string]: unknown }) { return q; }`));
    expect(validateArguments(tool, { q: "x", ctx: 1 })).toEqual({ q: "x", ctx: 1 });
  });
});

describe("names that are also Object.prototype's", () => {
  it("toString, constructor and __proto__ sent by the model are unexpected, not silently accepted", () => {
    const args = JSON.parse(`{"order_id": "A-1", "toString": 1, "constructor": 2, "__proto__": {"polluted": true}}`);
    expect(rejection(() => validateArguments(CANCEL, args)).unexpected).toEqual([
      "toString",
      "constructor",
      "__proto__",
    ]);
  });

  it("a missing required argument is not found on the prototype", () => {
    const tool = toolOf(toolModule(`function f(toString: string) { return ""; }`));
    expect(rejection(() => validateArguments(tool, {})).missing).toEqual(["toString"]);
    expect(validateArguments(tool, { toString: "x" })).toEqual({ toString: "x" });
  });

  it("an extra __proto__ key is kept as data, never as the prototype", () => {
    const tool = toolOf(toolModule(`function f({ q }: { q: string; [k: string]: unknown }) { return q; }`));
    const out = validateArguments(tool, JSON.parse(`{"q": "x", "__proto__": {"polluted": true}}`));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(["q", "__proto__"]);
  });
});
