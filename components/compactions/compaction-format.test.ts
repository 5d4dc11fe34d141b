import { describe, expect, it } from "vitest";
import { tokenChange } from "./compaction-format";

describe("tokenChange", () => {
  it("a fold that grew the context says so, never a saving", () => {
    expect(tokenChange(278, 371)).toEqual({ text: "grew the context by 93 tokens", grew: true });
    expect(tokenChange(12_000, 1_500)).toEqual({ text: "saved ~10,500 tokens", grew: false });
    expect(tokenChange(50, 50)).toEqual({ text: "left the context the same size", grew: false });
  });
});
