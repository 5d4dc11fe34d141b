import { describe, expect, it } from "vitest";
import { leaveForkDraft, takeForkDraft } from "./fork-draft";

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    size: () => m.size,
  };
}

describe("fork draft", () => {
  it("is taken once, for its own conversation only", () => {
    const s = memory();
    leaveForkDraft("c2", "What about Lyon?", s);
    expect(takeForkDraft("c1", s)).toBeNull();
    expect(takeForkDraft("c2", s)).toBe("What about Lyon?");
    expect(takeForkDraft("c2", s)).toBeNull();
  });

  it("keeps no blank draft", () => {
    const s = memory();
    leaveForkDraft("c2", "  \n", s);
    expect(s.size()).toBe(0);
    expect(takeForkDraft("c2", null)).toBeNull();
  });
});
