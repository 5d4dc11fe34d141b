import { describe, expect, it } from "vitest";
import { codePointLength } from "./description-floor.shared";
import { reprList, reprString, reprValue } from "./repr";

describe("repr", () => {
  it.each([
    ["kelvin", "'kelvin'"],
    ["it's", `"it's"`],
    [`say "hi" it's`, `'say "hi" it\\'s'`],
    ["a\nb", "'a\\nb'"],
    ["back\\slash", "'back\\\\slash'"],
  ])("reprString(%j) = %s", (input, expected) => {
    expect(reprString(input)).toBe(expected);
  });

  it("formats lists like Python", () => {
    expect(reprList(["celsius", "fahrenheit"])).toBe("['celsius', 'fahrenheit']");
    expect(reprList([1, 2.5, true, null])).toBe("[1, 2.5, true, null]");
    expect(reprList([])).toBe("[]");
  });

  it("formats objects as JSON", () => {
    expect(reprValue({ a: 1 })).toBe('{"a":1}');
    expect(reprValue(undefined)).toBe("undefined");
  });

  it("counts code points, not UTF-16 units", () => {
    expect(codePointLength("🌦ab")).toBe(3);
  });
});
