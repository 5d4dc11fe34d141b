/**
 * Prices one model response's token usage in integer nano-USD (1 USD = 1_000_000_000 nano-USD),
 * so that sums over runs, agents and days are exact.
 *
 * Prices come from `@pydantic/genai-prices`' bundled snapshot, offline (its `updatePrices` would
 * fetch from the internet and is never called). `calcPrice` finds the model and the price entry in
 * force at `at`; the cost is then computed here from that entry's per-unit prices in exact
 * rational arithmetic (BigInt) and rounded once, half up, to the nano-USD. Not from `calcPrice`'s
 * floating-point total: per-token prices are often fractions of a nano-USD (0.01875 USD per
 * million tokens is 18.75 nano-USD per token) and a float total carries binary rounding noise
 * (0.000549999…). The float total is still used as a cross-check: should the two ever disagree
 * (a price key this module does not model), the float total rounded to the nano-USD is recorded
 * instead, so a cost is never silently dropped.
 *
 * Token convention: `inputTokens` INCLUDES cache-read and cache-write tokens (AI SDK 6's
 * `inputTokens.total`), which is also what genai-prices expects for `input_tokens`: it bills the
 * uncached rest (input − cache read − cache write) at the input price and the cache tokens at
 * their own prices, so nothing is billed twice. A model without a cache price bills those tokens
 * at the input price, as genai-prices does.
 *
 * Custom price entries (lib/prices, docs/prices.md) price what genai-prices does not know —
 * self-hosted and new models, the offline demo model — and may override what it does: the most
 * specific entry valid at the usage time is found first; when it `overrides`, it prices the usage;
 * otherwise genai-prices does, and the entry only when genai-prices has no match. Such usage is
 * recorded with `priceVersion: "custom:<id>"`. The entries come from the process's cache
 * (lib/prices/price-entry-cache.ts), so pricing never queries the database.
 */
import { calcPrice, type ModelPrice } from "@pydantic/genai-prices";
import { matchPriceEntry, priceWithRule, type PriceRule } from "../prices/match-price-entry";
import { cachedPriceEntries } from "../prices/price-entry-cache";

export interface UsageTokens {
  /** All input tokens, cache-read and cache-write ones included. */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface PricedUsage {
  /** Integer nano-USD; 0 when unpriced. */
  costNanoUsd: number;
  /** False when the price data does not know the model (or the provider is never priced). */
  priced: boolean;
  /** The price data the cost came from (`genai-prices@…`, or `custom:<id>` for a price entry); null when unpriced. */
  priceVersion: string | null;
}

/**
 * The installed genai-prices version. Its bundled data carries no version or date of its own
 * (`auto_update_timestamp` is only set by `updatePrices`), so the package version names the
 * snapshot. A test keeps this equal to the installed package.
 */
export const GENAI_PRICES_VERSION = "0.1.8";
export const PRICE_VERSION = `genai-prices@${GENAI_PRICES_VERSION}`;

export const NANO_USD_PER_USD = 1_000_000_000;

/**
 * Our provider names → genai-prices provider ids. `azure` has its own entries and falls back to
 * OpenAI's. `null`: no provider of its own — match the model name against every provider's
 * model patterns (nvidia's and openai-compatible servers' models are named by their makers).
 * `undefined` (demo, scripted, anything unknown): never priced.
 */
const PROVIDER_IDS: Record<string, string | null> = {
  openai: "openai",
  azure: "azure",
  anthropic: "anthropic",
  google: "google",
  mistral: "mistral",
  nvidia: null,
  "openai-compatible": null,
};

const UNPRICED: PricedUsage = { costNanoUsd: 0, priced: false, priceVersion: null };

export interface PriceOptions {
  /** The custom price entries to consult (default: this process's cache; `[]`: genai-prices only). */
  entries?: readonly PriceRule[];
}

export function priceUsage(
  provider: string,
  model: string,
  tokens: UsageTokens,
  at?: Date,
  options: PriceOptions = {},
): PricedUsage {
  const entries = options.entries ?? cachedPriceEntries();
  const t = normaliseTokens(tokens);
  const entry = entries.length > 0 ? matchPriceEntry(entries, provider, model, at ?? new Date()) : null;
  if (entry?.overrides) return priceOf(entry, t);
  const known = priceFromGenaiPrices(provider, model, t, at);
  if (known.priced || !entry) return known;
  return priceOf(entry, t);
}

function priceOf(entry: PriceRule, t: UsageTokens): PricedUsage {
  const { costNanoUsd, priced, priceVersion } = priceWithRule(entry, t);
  return { costNanoUsd, priced, priceVersion };
}

function priceFromGenaiPrices(provider: string, model: string, t: UsageTokens, at?: Date): PricedUsage {
  if (!Object.hasOwn(PROVIDER_IDS, provider)) return UNPRICED;
  const providerId = PROVIDER_IDS[provider];
  const usage = {
    input_tokens: t.inputTokens,
    output_tokens: t.outputTokens,
    cache_read_tokens: t.cacheReadTokens,
    cache_write_tokens: t.cacheWriteTokens,
  };
  const candidates =
    providerId === null && model.includes("/") ? [model, model.slice(model.lastIndexOf("/") + 1)] : [model];
  for (const candidate of candidates) {
    let result: ReturnType<typeof calcPrice>;
    try {
      result = calcPrice(usage, candidate, { ...(providerId ? { providerId } : {}), ...(at ? { timestamp: at } : {}) });
    } catch {
      return UNPRICED; // genai-prices refused the data (never for normalised tokens); an honest "don't know"
    }
    if (!result) continue;
    const exact = exactCostNanoUsd(result.model_price, t);
    const fromFloat = result.total_price * NANO_USD_PER_USD;
    const agrees = exact !== null && Math.abs(exact - fromFloat) <= Math.max(1, fromFloat * 1e-9);
    return { costNanoUsd: agrees ? exact : Math.round(fromFloat), priced: true, priceVersion: PRICE_VERSION };
  }
  return UNPRICED;
}

/** Non-negative integers, and input never below its cache parts (genai-prices would refuse that). */
function normaliseTokens(tokens: UsageTokens): UsageTokens {
  const clean = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  const cacheReadTokens = clean(tokens.cacheReadTokens);
  const cacheWriteTokens = clean(tokens.cacheWriteTokens);
  return {
    inputTokens: Math.max(clean(tokens.inputTokens), cacheReadTokens + cacheWriteTokens),
    outputTokens: clean(tokens.outputTokens),
    cacheReadTokens,
    cacheWriteTokens,
  };
}

// ---------------------------------------------------------------------------------------------
// Exact arithmetic

/** p / q with q > 0. */
interface Fraction {
  p: bigint;
  q: bigint;
}

/** A price as genai-prices stores it: a JS number written in decimal, read back exactly. */
function decimalFraction(x: number): Fraction | null {
  if (!Number.isFinite(x) || x < 0) return null;
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  if (!m) return null;
  const digits = BigInt(m[1]! + (m[2] ?? ""));
  const exponent = Number(m[3] ?? 0) - (m[2]?.length ?? 0);
  return exponent >= 0 ? { p: digits * 10n ** BigInt(exponent), q: 1n } : { p: digits, q: 10n ** BigInt(-exponent) };
}

const add = (a: Fraction, b: Fraction): Fraction => ({ p: a.p * b.q + b.p * a.q, q: a.q * b.q });

/** The unit price in force: a plain number, or a tiered price chosen by the total input tokens. */
function unitPrice(price: ModelPrice[string], inputTokens: number): number | null {
  if (typeof price === "number") return price;
  if (!price || typeof price !== "object" || typeof price.base !== "number" || !Array.isArray(price.tiers)) return null;
  let chosen = price.base;
  for (const tier of [...price.tiers].sort((a, b) => a.start - b.start))
    if (inputTokens > tier.start) chosen = tier.price;
  return chosen;
}

/**
 * The cost in nano-USD, rounded half up, or null when a price is unreadable. Quantities follow
 * genai-prices' decomposition for the four token counts we report: cache reads and writes are
 * carved out of the input tokens only when the model prices them; every other unit (audio, images,
 * web searches, longer cache lifetimes, …) has no usage here and costs nothing, except a
 * per-request price, which applies once.
 */
export function exactCostNanoUsd(prices: ModelPrice, t: UsageTokens): number | null {
  const has = (key: string) => prices[key] !== undefined;
  const cacheRead = has("cache_read_mtok") ? t.cacheReadTokens : 0;
  const cacheWrite = has("cache_write_mtok") ? t.cacheWriteTokens : 0;
  const quantities: Array<[string, number, number]> = [
    // [price key, quantity, units the price is for]
    ["input_mtok", t.inputTokens - cacheRead - cacheWrite, 1_000_000],
    ["cache_read_mtok", cacheRead, 1_000_000],
    ["cache_write_mtok", cacheWrite, 1_000_000],
    ["output_mtok", t.outputTokens, 1_000_000],
    ["requests_kcount", 1, 1_000],
  ];
  let total: Fraction = { p: 0n, q: 1n };
  for (const [key, quantity, per] of quantities) {
    if (!has(key) || quantity === 0) continue;
    const price = unitPrice(prices[key], t.inputTokens);
    const usd = price === null ? null : decimalFraction(price);
    if (!usd) return null;
    total = add(total, { p: usd.p * BigInt(NANO_USD_PER_USD) * BigInt(quantity), q: usd.q * BigInt(per) });
  }
  return Number((2n * total.p + total.q) / (2n * total.q));
}
