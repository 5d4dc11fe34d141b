import { describe, expect, it } from "vitest";
import type { CompareTurn } from "@/lib/runs/read-models/branches/branch-views.shared";
import { argumentDiff, groupTurns, signedDelta, stableJson, turnRangeLabel, wordDiff } from "./compare-diff";

const text = (segments: { text: string }[]) => segments.map((s) => s.text).join("");

describe("wordDiff", () => {
  it("marks the words the left lost and the right gained, each side keeping its whole text", () => {
    const d = wordDiff("Paris has 2.1 million people.", "Berlin has 3.7 million people.");
    expect(text(d.left)).toBe("Paris has 2.1 million people.");
    expect(text(d.right)).toBe("Berlin has 3.7 million people.");
    expect(d.left.filter((s) => s.change === "removed").map((s) => s.text.trim())).toContain("Paris");
    expect(d.right.filter((s) => s.change === "added").map((s) => s.text.trim())).toContain("Berlin");
    expect(d.left.some((s) => s.change === "added")).toBe(false);
    expect(d.right.some((s) => s.change === "removed")).toBe(false);
  });

  it("leaves equal texts unmarked", () => {
    expect(wordDiff("same words", "same words")).toEqual({
      left: [{ text: "same words", change: "same" }],
      right: [{ text: "same words", change: "same" }],
    });
  });

  it("marks everything when one side is empty", () => {
    expect(wordDiff("", "new text").right).toEqual([{ text: "new text", change: "added" }]);
    expect(wordDiff("old", "").left).toEqual([{ text: "old", change: "removed" }]);
  });
});

describe("argumentDiff", () => {
  it("marks changed, removed and added keys, the left's order first", () => {
    expect(argumentDiff({ city: "Paris", units: "c", n: [1] }, { n: [1], city: "Berlin", lang: "de" })).toEqual([
      { key: "city", left: "Paris", right: "Berlin", change: "changed" },
      { key: "units", left: "c", right: undefined, change: "removed" },
      { key: "n", left: [1], right: [1], change: "same" },
      { key: "lang", left: undefined, right: "de", change: "added" },
    ]);
  });

  it("compares nested values whatever their key order, and non-objects whole", () => {
    expect(argumentDiff({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })[0]!.change).toBe("same");
    expect(argumentDiff("{bad json", "{bad json")).toEqual([
      { key: "", left: "{bad json", right: "{bad json", change: "same" },
    ]);
    expect(argumentDiff([1], [2])[0]!.change).toBe("changed");
  });

  it("stableJson sorts keys at every depth", () => {
    expect(stableJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":2,"f":1}]},"b":1}',
    );
  });
});

describe("groupTurns", () => {
  const turn = (index: number, identical: boolean): CompareTurn => ({ index, left: null, right: null, identical });

  it("folds each run of identical turns into one group", () => {
    const groups = groupTurns([turn(0, true), turn(1, true), turn(2, true), turn(3, false), turn(4, true)]);
    expect(groups.map((g) => (g.kind === "turn" ? g.turn.index : g.turns.map((t) => t.index)))).toEqual([
      [0, 1, 2],
      3,
      [4],
    ]);
    expect(turnRangeLabel((groups[0] as { turns: CompareTurn[] }).turns)).toBe("Turns 1–3");
    expect(turnRangeLabel([turn(4, true)])).toBe("Turn 5");
  });
});

describe("signedDelta", () => {
  it("signs the right's difference from the left", () => {
    const f = (n: number) => String(n);
    expect(signedDelta(10, 25, f)).toBe("+15");
    expect(signedDelta(25, 10, f)).toBe("−15");
    expect(signedDelta(5, 5, f)).toBe("±0");
    expect(signedDelta(null, 5, f)).toBeNull();
  });
});
