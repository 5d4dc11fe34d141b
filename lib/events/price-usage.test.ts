import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { calcPrice, findProvider } from "@pydantic/genai-prices";
import { describe, expect, it } from "vitest";
import { GENAI_PRICES_VERSION, PRICE_VERSION, exactCostNanoUsd, priceUsage, type UsageTokens } from "./price-usage";

const tokens = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0): UsageTokens => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens,
});

const priced = (costNanoUsd: number) => ({ costNanoUsd, priced: true, priceVersion: PRICE_VERSION });
const unpriced = { costNanoUsd: 0, priced: false, priceVersion: null };

// Expected values are worked out by hand from the snapshot's USD-per-million prices:
// x USD per million tokens = x * 1000 nano-USD per token.
describe("priceUsage", () => {
  it("prices gpt-4o exactly: uncached input, cache reads, output", () => {
    // gpt-4o: input 2.5, cache read 1.25, output 10 per million → 2500, 1250, 10000 nano-USD a token.
    // 1234 input tokens of which 200 cache reads: 1034 × 2500 + 200 × 1250 + 567 × 10000
    expect(priceUsage("openai", "gpt-4o", tokens(1234, 567, 200))).toEqual(priced(2_585_000 + 250_000 + 5_670_000));
    expect(priceUsage("openai", "gpt-4o", tokens(1_000_000, 1_000_000))).toEqual(priced(12_500_000_000)); // $12.50
  });

  it("bills cache writes at the input price when the model has no cache-write price", () => {
    // gpt-4o has no cache_write price: all 1000 input tokens at 2500.
    expect(priceUsage("openai", "gpt-4o", tokens(1000, 0, 0, 400))).toEqual(priced(2_500_000));
  });

  it("prices an Anthropic model with cache reads and writes, never billing cache tokens twice", () => {
    // claude-sonnet-4-5 below 200k input: input 3, cache write 3.75, cache read 0.3, output 15.
    // 10000 input = 2000 uncached + 6000 cache reads + 2000 cache writes.
    const cost = 2000 * 3000 + 6000 * 300 + 2000 * 3750 + 500 * 15_000;
    expect(cost).toBe(22_800_000);
    expect(priceUsage("anthropic", "claude-sonnet-4-5", tokens(10_000, 500, 6000, 2000))).toEqual(priced(cost));
    // A dated model id finds the same entry.
    expect(priceUsage("anthropic", "claude-sonnet-4-5-20250929", tokens(10_000, 500, 6000, 2000))).toEqual(
      priced(cost),
    );
  });

  it("uses the tier the total input tokens fall in", () => {
    // Above 200k input every claude-sonnet-4-5 price moves up: 6, 7.5, 0.6, 22.5.
    const cost = 100_000 * 6000 + 100_000 * 600 + 50_000 * 7500 + 1000 * 22_500;
    expect(cost).toBe(1_057_500_000);
    expect(priceUsage("anthropic", "claude-sonnet-4-5", tokens(250_000, 1000, 100_000, 50_000))).toEqual(priced(cost));
  });

  it("uses the prices in force at the given time", () => {
    // claude-opus-4-6: tiered (10 input / 37.5 output above 200k) until 2026-03-13, flat 5 / 25 from then.
    const usage = tokens(300_000, 1000);
    expect(priceUsage("anthropic", "claude-opus-4-6", usage, new Date("2026-01-01T00:00:00Z"))).toEqual(
      priced(300_000 * 10_000 + 1000 * 37_500),
    );
    expect(priceUsage("anthropic", "claude-opus-4-6", usage, new Date("2026-04-01T00:00:00Z"))).toEqual(
      priced(300_000 * 5000 + 1000 * 25_000),
    );
  });

  it("rounds sub-nano per-token prices once, half up, on the exact total", () => {
    // gemini-1.5-flash: input 0.075 (75 nano a token), cache read 0.01875 (18.75 nano a token).
    expect(priceUsage("google", "gemini-1.5-flash", tokens(101, 0, 1))).toEqual(priced(7519)); // 7500 + 18.75
    expect(priceUsage("google", "gemini-1.5-flash", tokens(101, 0, 2))).toEqual(priced(7463)); // 7425 + 37.5
    // Where the float total lands just below the half, rounding it would lose the half nano:
    // 72 × 75 + 2 × 18.75 + 7 × 300 (output 0.3) = 7537.5, but the float total is 7537.499999999999.
    expect(priceUsage("google", "gemini-1.5-flash", tokens(74, 7, 2))).toEqual(priced(7538));
    const float = calcPrice({ input_tokens: 74, cache_read_tokens: 2, output_tokens: 7 }, "gemini-1.5-flash", {
      providerId: "google",
    })!;
    expect(Math.round(float.total_price * 1e9)).toBe(7537);
  });

  it("maps our providers onto genai-prices", () => {
    expect(priceUsage("azure", "gpt-4o", tokens(1000, 100))).toEqual(priced(1000 * 2500 + 100 * 10_000));
    expect(priceUsage("mistral", "mistral-large-latest", tokens(1000, 100))).toEqual(priced(1000 * 2000 + 100 * 6000));
    expect(priceUsage("google", "gemini-2.5-flash", tokens(1000, 100))).toEqual(priced(1000 * 300 + 100 * 2500));
    // nvidia and openai-compatible match by model name alone (a vendor prefix is tried without it).
    expect(priceUsage("openai-compatible", "deepseek-chat", tokens(1000, 100)).priced).toBe(true);
    expect(priceUsage("nvidia", "deepseek-ai/deepseek-chat", tokens(1000, 100)).priced).toBe(true);
    expect(priceUsage("nvidia", "meta/llama-3.1-8b-instruct", tokens(1000, 100))).toEqual(unpriced);
  });

  it("leaves unknown models, demo, scripted and unknown providers unpriced", () => {
    expect(priceUsage("openai", "gpt-nonexistent-9000", tokens(1000, 100))).toEqual(unpriced);
    expect(priceUsage("azure", "my-deployment", tokens(1000, 100))).toEqual(unpriced);
    expect(priceUsage("demo", "demo", tokens(1000, 100))).toEqual(unpriced);
    expect(priceUsage("demo", "gpt-4o", tokens(1000, 100))).toEqual(unpriced);
    expect(priceUsage("scripted", "claude-sonnet-4-5", tokens(1000, 100))).toEqual(unpriced);
    expect(priceUsage("someone-else", "gpt-4o", tokens(1000, 100))).toEqual(unpriced);
    expect(priceUsage("__proto__", "gpt-4o", tokens(1000, 100))).toEqual(unpriced);
  });

  it("is deterministic and returns integers", () => {
    const at = new Date("2026-02-01T00:00:00Z");
    const first = priceUsage("anthropic", "claude-haiku-4-5", tokens(12_345, 678, 4000, 3000), at);
    for (let i = 0; i < 5; i++)
      expect(priceUsage("anthropic", "claude-haiku-4-5", tokens(12_345, 678, 4000, 3000), at)).toEqual(first);
    expect(Number.isSafeInteger(first.costNanoUsd)).toBe(true);
    // claude-haiku-4-5: input 1, cache write 1.25, cache read 0.1, output 5.
    expect(first.costNanoUsd).toBe(5345 * 1000 + 3000 * 1250 + 4000 * 100 + 678 * 5000);
  });

  it("copes with odd counts: zero, negative, fractional, cache above input", () => {
    expect(priceUsage("openai", "gpt-4o", tokens(0, 0))).toEqual(priced(0));
    expect(priceUsage("openai", "gpt-4o", tokens(-5, Number.NaN))).toEqual(priced(0));
    expect(priceUsage("openai", "gpt-4o", tokens(10.9, 1.2))).toEqual(priced(10 * 2500 + 1 * 10_000));
    // Cache reads reported above the input total: input is taken as at least its cache parts.
    expect(priceUsage("openai", "gpt-4o", tokens(10, 0, 20))).toEqual(priced(20 * 1250));
  });
});

describe("exactCostNanoUsd", () => {
  it("charges a per-request price once and reads prices written with exponents", () => {
    expect(exactCostNanoUsd({ input_mtok: 1, requests_kcount: 5 }, tokens(1000, 0))).toBe(1_000_000 + 5_000_000);
    expect(exactCostNanoUsd({ input_mtok: 1e-7, output_mtok: 2.5e-7 }, tokens(10_000, 10_000))).toBe(4); // 1 + 2.5 nano-USD → 3.5 rounds up
    expect(exactCostNanoUsd({ input_mtok: 3, web_searches_kcount: 10, input_audio_mtok: 1 }, tokens(1000, 0))).toBe(
      3_000_000,
    );
  });

  it("agrees with genai-prices' own float total on every model of the providers we map", () => {
    const usages = [tokens(1234, 567), tokens(12_345, 678, 4000, 3000), tokens(345_678, 9876, 100_000, 20_001)];
    let compared = 0;
    for (const id of ["openai", "azure", "anthropic", "google", "mistral"]) {
      for (const model of findProvider({ providerId: id })!.models) {
        for (const u of usages) {
          const usage = {
            input_tokens: u.inputTokens,
            output_tokens: u.outputTokens,
            cache_read_tokens: u.cacheReadTokens,
            cache_write_tokens: u.cacheWriteTokens,
          };
          const r = calcPrice(usage, model.id, { providerId: id, timestamp: new Date("2026-06-01T00:00:00Z") });
          if (!r) continue;
          const exact = exactCostNanoUsd(r.model_price, u);
          expect(exact, `${id}:${model.id}`).not.toBeNull();
          expect(Math.abs(exact! - r.total_price * 1e9), `${id}:${model.id}`).toBeLessThanOrEqual(
            Math.max(1, r.total_price),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});

describe("PRICE_VERSION", () => {
  it("names the installed genai-prices", () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve("@pydantic/genai-prices"));
    const pkg = JSON.parse(readFileSync(path.join(dir, "..", "package.json"), "utf8")) as {
      name: string;
      version: string;
    };
    expect(pkg.name).toBe("@pydantic/genai-prices");
    expect(GENAI_PRICES_VERSION).toBe(pkg.version);
    expect(PRICE_VERSION).toBe(`genai-prices@${pkg.version}`);
  });
});
