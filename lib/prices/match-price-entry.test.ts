import { describe, expect, it } from "vitest";
import { priceUsage, PRICE_VERSION } from "../events/price-usage";
import { matchPriceEntry, ruleCostNanoUsd, type PriceRule } from "./match-price-entry";
import { cachedPriceEntries, setCachedPriceEntries } from "./price-entry-cache";
import { customPriceId, ModelPattern, modelMatches, PriceEntryInput, patternSpecificity } from "./price-entry.shared";

const T0 = new Date("2026-01-01T00:00:00Z");
const USD = 1_000_000_000n;

function rule(id: string, over: Partial<PriceRule> = {}): PriceRule {
  return {
    id,
    name: null,
    provider: "openai-compatible",
    modelPattern: "*",
    inputPerMTokNanoUsd: 1n * USD,
    outputPerMTokNanoUsd: 2n * USD,
    cacheReadPerMTokNanoUsd: null,
    cacheWritePerMTokNanoUsd: null,
    validFrom: T0,
    overrides: false,
    ...over,
  };
}
const tokens = (input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: cacheRead,
  cacheWriteTokens: cacheWrite,
});

describe("modelMatches", () => {
  it("matches the whole name, `*` spanning any run of characters (slashes too), case-insensitively", () => {
    expect(modelMatches("llama-3.1-8b", "llama-3.1-8b")).toBe(true);
    expect(modelMatches("llama-3.1-8b", "llama-3.1-8b-instruct")).toBe(false);
    expect(modelMatches("llama-*", "llama-3.1-8b")).toBe(true);
    expect(modelMatches("*-instruct", "meta/llama-3.1-8b-instruct")).toBe(true);
    expect(modelMatches("*llama*", "meta/Llama-3")).toBe(true);
    expect(modelMatches("a*b*c", "abc")).toBe(true);
    expect(modelMatches("a*b*c", "acb")).toBe(false);
    expect(modelMatches("ab*ba", "aba")).toBe(false); // the literal ends may not overlap
    expect(modelMatches("*", "")).toBe(true);
    expect(modelMatches("*", "anything/at-all")).toBe(true);
  });

  it("ranks literal characters first, then fewer stars", () => {
    expect(patternSpecificity("llama-3.1-*")).toEqual([10, -1]);
    expect(patternSpecificity("*")).toEqual([0, -1]);
    expect(patternSpecificity("demo")).toEqual([4, -0]);
  });
});

describe("matchPriceEntry", () => {
  it("picks the most specific valid entry of the provider, then the latest validFrom", () => {
    const all = rule("all");
    const llama = rule("llama", { modelPattern: "llama-*" });
    const llama31 = rule("llama31", { modelPattern: "llama-3.1-*" });
    const exact = rule("exact", { modelPattern: "llama-3.1-8b" });
    const rules = [all, llama, llama31, exact];
    const at = new Date("2026-06-01T00:00:00Z");
    expect(matchPriceEntry(rules, "openai-compatible", "llama-3.1-8b", at)?.id).toBe("exact");
    expect(matchPriceEntry(rules, "openai-compatible", "llama-3.1-70b", at)?.id).toBe("llama31");
    expect(matchPriceEntry(rules, "openai-compatible", "llama-2", at)?.id).toBe("llama");
    expect(matchPriceEntry(rules, "openai-compatible", "qwen", at)?.id).toBe("all");
    expect(matchPriceEntry(rules, "ollama", "llama-2", at)).toBeNull();
    // Same literals, fewer stars wins.
    expect(
      matchPriceEntry(
        [rule("two", { modelPattern: "ab*c*" }), rule("one", { modelPattern: "abc*" })],
        "openai-compatible",
        "abcx",
        at,
      )?.id,
    ).toBe("one");
  });

  it("uses only entries valid at the usage time, the latest of equally specific ones", () => {
    const old = rule("old", { validFrom: new Date("2026-01-01T00:00:00Z") });
    const later = rule("later", { validFrom: new Date("2026-03-01T00:00:00Z") });
    const future = rule("future", { validFrom: new Date("2027-01-01T00:00:00Z") });
    const rules = [later, old, future];
    expect(matchPriceEntry(rules, "openai-compatible", "m", new Date("2025-12-31T00:00:00Z"))).toBeNull();
    expect(matchPriceEntry(rules, "openai-compatible", "m", new Date("2026-02-01T00:00:00Z"))?.id).toBe("old");
    expect(matchPriceEntry(rules, "openai-compatible", "m", new Date("2026-03-01T00:00:00Z"))?.id).toBe("later");
    expect(matchPriceEntry(rules, "openai-compatible", "m", new Date("2026-12-31T00:00:00Z"))?.id).toBe("later");
    // A more specific entry beats a later one.
    const specific = rule("specific", { modelPattern: "m", validFrom: new Date("2026-01-15T00:00:00Z") });
    expect(matchPriceEntry([...rules, specific], "openai-compatible", "m", new Date("2026-12-31T00:00:00Z"))?.id).toBe(
      "specific",
    );
  });
});

describe("ruleCostNanoUsd", () => {
  it("bills tokens × price / 1e6 exactly, rounded half up once", () => {
    // $0.15 / $0.60 per million: 150 and 600 nano-USD per thousand tokens.
    const r = rule("r", { inputPerMTokNanoUsd: 150_000_000n, outputPerMTokNanoUsd: 600_000_000n });
    expect(ruleCostNanoUsd(r, tokens(1000, 1000))).toBe(150_000 + 600_000);
    // 1 token at 150 nano-USD per million = 0.00015 nano-USD … 3333 tokens = 0.49995 → 0; 3334 → 0.5001 → 1.
    const tiny = rule("t", { inputPerMTokNanoUsd: 150n, outputPerMTokNanoUsd: 0n });
    expect(ruleCostNanoUsd(tiny, tokens(3333, 0))).toBe(0);
    expect(ruleCostNanoUsd(tiny, tokens(3334, 0))).toBe(1);
    // Exactly half rounds up: 1 token at 500_000 nano-USD per million = 0.5.
    expect(ruleCostNanoUsd(rule("h", { inputPerMTokNanoUsd: 500_000n, outputPerMTokNanoUsd: 0n }), tokens(1, 0))).toBe(
      1,
    );
    // The sum is rounded once, not each part: 0.4 + 0.4 = 0.8 → 1 (two separate roundings would give 0).
    const parts = rule("p", { inputPerMTokNanoUsd: 400_000n, outputPerMTokNanoUsd: 400_000n });
    expect(ruleCostNanoUsd(parts, tokens(1, 1))).toBe(1);
  });

  it("carves cache tokens out of the input: their own price, else the input price", () => {
    const r = rule("c", {
      inputPerMTokNanoUsd: 3n * USD,
      outputPerMTokNanoUsd: 15n * USD,
      cacheReadPerMTokNanoUsd: 300_000_000n,
      cacheWritePerMTokNanoUsd: 3_750_000_000n,
    });
    // 10_000 input of which 6000 read and 2000 written; 500 output.
    expect(ruleCostNanoUsd(r, tokens(10_000, 500, 6000, 2000))).toBe(
      2000 * 3000 + 6000 * 300 + 2000 * 3750 + 500 * 15_000,
    );
    const noCache = rule("n", { inputPerMTokNanoUsd: 3n * USD, outputPerMTokNanoUsd: 15n * USD });
    expect(ruleCostNanoUsd(noCache, tokens(10_000, 500, 6000, 2000))).toBe(10_000 * 3000 + 500 * 15_000);
  });

  it("is exact far beyond a float's precision", () => {
    const r = rule("big", { inputPerMTokNanoUsd: 999_999_999_999n, outputPerMTokNanoUsd: 1n });
    // 123_456_789 × 999_999_999_999 / 1e6 = 123_456_788_999_876.543211 → 123_456_788_999_877
    expect(ruleCostNanoUsd(r, tokens(123_456_789, 0))).toBe(123_456_788_999_877);
  });
});

describe("priceUsage with custom entries", () => {
  const at = new Date("2026-06-01T00:00:00Z");

  it("prices a model genai-prices does not know, recording custom:<id>", () => {
    const entries = [rule("vllm", { modelPattern: "my-llama-*" })];
    expect(priceUsage("openai-compatible", "my-llama-8b", tokens(1000, 100), at, { entries })).toEqual({
      costNanoUsd: 1000 * 1000 + 100 * 2000,
      priced: true,
      priceVersion: "custom:vllm",
    });
    expect(priceUsage("openai-compatible", "other", tokens(1000, 100), at, { entries: [] })).toMatchObject({
      priced: false,
    });
  });

  it("prices the never-priced demo and scripted providers", () => {
    const demo = rule("demo", { provider: "demo", modelPattern: "demo", name: "demo price — not real money" });
    expect(priceUsage("demo", "demo", tokens(1000, 100), at, { entries: [demo] })).toMatchObject({
      priced: true,
      priceVersion: "custom:demo",
    });
    expect(priceUsage("scripted", "demo", tokens(1000, 100), at, { entries: [demo] })).toMatchObject({ priced: false });
  });

  it("leaves a known model to genai-prices unless the entry overrides", () => {
    const fallback = rule("fb", { provider: "openai", modelPattern: "gpt-4o" });
    expect(priceUsage("openai", "gpt-4o", tokens(1000, 100), at, { entries: [fallback] })).toEqual({
      costNanoUsd: 1000 * 2500 + 100 * 10_000,
      priced: true,
      priceVersion: PRICE_VERSION,
    });
    const override = { ...fallback, id: "ov", overrides: true };
    expect(priceUsage("openai", "gpt-4o", tokens(1000, 100), at, { entries: [override] })).toEqual({
      costNanoUsd: 1000 * 1000 + 100 * 2000,
      priced: true,
      priceVersion: "custom:ov",
    });
    // An override not yet valid does not apply.
    const later = { ...override, validFrom: new Date("2027-01-01T00:00:00Z") };
    expect(priceUsage("openai", "gpt-4o", tokens(1000, 100), at, { entries: [later] }).priceVersion).toBe(
      PRICE_VERSION,
    );
  });

  it("reads the process cache when no entries are passed", () => {
    const before = cachedPriceEntries();
    try {
      setCachedPriceEntries([rule("cached", { provider: "demo", modelPattern: "*" })]);
      expect(priceUsage("demo", "demo", tokens(10, 10), at).priceVersion).toBe("custom:cached");
      setCachedPriceEntries([]);
      expect(priceUsage("demo", "demo", tokens(10, 10), at).priced).toBe(false);
    } finally {
      setCachedPriceEntries(before);
    }
  });
});

describe("the wire shapes", () => {
  it("rejects bad patterns and negative or fractional prices", () => {
    expect(ModelPattern.safeParse("llama-*").success).toBe(true);
    expect(ModelPattern.safeParse("").success).toBe(false);
    expect(ModelPattern.safeParse("two words").success).toBe(false);
    expect(ModelPattern.safeParse("a**").success).toBe(false);
    const ok = { provider: "ollama", modelPattern: "qwen*", inputPerMTokNanoUsd: 1, outputPerMTokNanoUsd: 2 };
    expect(PriceEntryInput.parse(ok)).toMatchObject({ overrides: false });
    expect(PriceEntryInput.safeParse({ ...ok, inputPerMTokNanoUsd: -1 }).success).toBe(false);
    expect(PriceEntryInput.safeParse({ ...ok, outputPerMTokNanoUsd: 1.5 }).success).toBe(false);
    expect(PriceEntryInput.safeParse({ ...ok, provider: "Open AI" }).success).toBe(false);
    expect(PriceEntryInput.safeParse({ ...ok, validFrom: "yesterday" }).success).toBe(false);
    expect(customPriceId("custom:abc")).toBe("abc");
    expect(customPriceId("genai-prices@0.1.8")).toBeNull();
  });
});

describe("dollars typed in the form", () => {
  it("convert to nano-USD exactly and back", async () => {
    const { nanoToUsdText, parseUsdToNano } = await import("./price-entry.shared");
    expect(parseUsdToNano("0.15")).toBe(150_000_000);
    expect(parseUsdToNano("$1,250.5")).toBe(1_250_500_000_000);
    expect(parseUsdToNano("0.000000001")).toBe(1);
    expect(parseUsdToNano("0.1234567891")).toBeNull();
    expect(parseUsdToNano("-1")).toBeNull();
    expect(parseUsdToNano("abc")).toBeNull();
    expect(parseUsdToNano("3.")).toBe(3_000_000_000);
    expect(nanoToUsdText(150_000_000)).toBe("0.15");
    expect(nanoToUsdText(3_000_000_000)).toBe("3");
    expect(nanoToUsdText(1)).toBe("0.000000001");
  });
});
