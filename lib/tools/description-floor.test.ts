import { describe, expect, it } from "vitest";
import { chooseDescription } from "./description-rules";
import { codePointLength, isBelowDescriptionFloor } from "./description-floor.shared";

describe("the description floor, one rule for the preview and the save", () => {
  it("counts an emoji as one character, so 20 emoji are under the floor on both sides", () => {
    const emoji = "🌦".repeat(20);
    expect(codePointLength(emoji)).toBe(20);
    expect(isBelowDescriptionFloor(emoji)).toBe(true);
    expect(chooseDescription("t", emoji, null).problems.map((p) => p.kind)).toEqual(["too-short"]);
  });
});
