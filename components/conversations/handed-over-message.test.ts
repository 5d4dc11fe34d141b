import { describe, expect, it } from "vitest";
import { handOverMessage, takeHandedOverMessage } from "./handed-over-message";

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe("a message handed over to a new conversation", () => {
  it("is taken once, by its conversation only", () => {
    const s = memory();
    handOverMessage("c1", "What is the population of Paris?", s);
    expect(takeHandedOverMessage("c2", s)).toBeNull();
    expect(takeHandedOverMessage("c1", s)).toBe("What is the population of Paris?");
    expect(takeHandedOverMessage("c1", s)).toBeNull();
  });
  it("is nothing without storage or when blank", () => {
    expect(takeHandedOverMessage("c1", null)).toBeNull();
    const s = memory();
    handOverMessage("c1", "   ", s);
    expect(takeHandedOverMessage("c1", s)).toBeNull();
  });
});
