/**
 * Custom model prices as the HTTP API and the settings page see them (docs/prices.md),
 * browser-safe: the input an admin sends, the entry as listed, and the `*` glob of a model
 * pattern. Money is integer nano-USD per million tokens (1 USD per million tokens = 1e9).
 */
import { z } from "zod";

/** A provider name as runs record it (`openai`, `demo`, `openai-compatible`, a self-hosted one …). */
export const PriceProvider = z
  .string()
  .trim()
  .min(1, { message: "name the provider" })
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, { message: "lower-case letters, digits, '.', '_' or '-' (e.g. openai-compatible)" });

/**
 * A model name with `*` standing for any run of characters (`llama-3.1-*`, `*`). No spaces or
 * control characters, and no `**` (it means what one `*` means).
 */
export const ModelPattern = z
  .string()
  .trim()
  .min(1, { message: "give a model name or a pattern such as llama-3.1-*" })
  .max(200)
  .regex(/^[^\s\p{Cc}]+$/u, { message: "no spaces or control characters" })
  .refine((s) => !s.includes("**"), { message: "use one '*' (it already matches any run of characters)" });

/** At most 1,000,000 USD per million tokens: a typo guard, and far inside a JSON number's exact range. */
export const MAX_PRICE_NANO_USD = 1_000_000 * 1_000_000_000;

const Price = z
  .number({ message: "a price in nano-USD per million tokens" })
  .int({ message: "a whole number of nano-USD" })
  .min(0, { message: "a price cannot be negative" })
  .max(MAX_PRICE_NANO_USD, { message: "at most 1,000,000 USD per million tokens" });

export const PriceEntryInput = z.strictObject({
  /** Shown beside every figure the entry prices (e.g. "demo price — not real money"). */
  name: z.string().trim().max(120).nullish(),
  provider: PriceProvider,
  modelPattern: ModelPattern,
  inputPerMTokNanoUsd: Price,
  outputPerMTokNanoUsd: Price,
  /** Absent: cache reads are billed at the input price. */
  cacheReadPerMTokNanoUsd: Price.nullish(),
  /** Absent: cache writes are billed at the input price. */
  cacheWritePerMTokNanoUsd: Price.nullish(),
  /** When the price starts to apply (default: now). Usage is priced by the entries valid at its time. */
  validFrom: z.iso.datetime({ offset: true, message: "an ISO date-time" }).optional(),
  /** Use this price even when genai-prices knows the model. */
  overrides: z.boolean().default(false),
});
export type PriceEntryInput = z.input<typeof PriceEntryInput>;

export const PriceEntryView = z.strictObject({
  id: z.string(),
  name: z.string().nullable(),
  provider: z.string(),
  modelPattern: z.string(),
  inputPerMTokNanoUsd: z.number().int(),
  outputPerMTokNanoUsd: z.number().int(),
  cacheReadPerMTokNanoUsd: z.number().int().nullable(),
  cacheWritePerMTokNanoUsd: z.number().int().nullable(),
  validFrom: z.iso.datetime(),
  overrides: z.boolean(),
  /** What usage it prices records as its `priceVersion`. */
  priceVersion: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PriceEntryView = z.infer<typeof PriceEntryView>;

/** The `priceVersion` of usage priced by an entry. */
export const CUSTOM_PRICE_PREFIX = "custom:";
export const customPriceVersion = (id: string) => `${CUSTOM_PRICE_PREFIX}${id}`;
/** The entry id of a `custom:<id>` price version, else null. */
export function customPriceId(priceVersion: string | null | undefined): string | null {
  return priceVersion?.startsWith(CUSTOM_PRICE_PREFIX) ? priceVersion.slice(CUSTOM_PRICE_PREFIX.length) : null;
}

/** Whether `model` matches the `*` glob `pattern` (the whole name; case-insensitive; `*` also spans `/`). */
export function modelMatches(pattern: string, model: string): boolean {
  const p = pattern.toLowerCase();
  const m = model.toLowerCase();
  const parts = p.split("*");
  if (parts.length === 1) return p === m;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (m.length < first.length + last.length || !m.startsWith(first) || !m.endsWith(last)) return false;
  let at = first.length;
  const end = m.length - last.length;
  for (const part of parts.slice(1, -1)) {
    const i = m.indexOf(part, at);
    if (i < 0 || i + part.length > end) return false;
    at = i + part.length;
  }
  return true;
}

/** How specific a pattern is: more literal characters first, then fewer `*`. Higher is more specific. */
export function patternSpecificity(pattern: string): [literals: number, stars: number] {
  const stars = pattern.split("*").length - 1;
  return [pattern.length - stars, -stars];
}

/** What matching reads of an entry (a stored rule, or the API's view with its date parsed). */
export interface MatchableEntry {
  id: string;
  provider: string;
  modelPattern: string;
  validFrom: Date;
}

/**
 * The entry that prices `provider:model` at `at`, among those valid then: the most specific
 * pattern (most literal characters, then fewest `*`), then the latest `validFrom`, then the id.
 * One rule for pricing at write time (lib/events/price-usage.ts) and the labels the pages show.
 */
export function bestPriceEntry<E extends MatchableEntry>(
  entries: readonly E[],
  provider: string,
  model: string,
  at: Date,
): E | null {
  let best: E | null = null;
  for (const e of entries) {
    if (e.provider !== provider || e.validFrom.getTime() > at.getTime()) continue;
    if (!modelMatches(e.modelPattern, model)) continue;
    if (!best || compareEntries(e, best) > 0) best = e;
  }
  return best;
}

function compareEntries(a: MatchableEntry, b: MatchableEntry): number {
  const [al, as] = patternSpecificity(a.modelPattern);
  const [bl, bs] = patternSpecificity(b.modelPattern);
  return (
    al - bl || as - bs || a.validFrom.getTime() - b.validFrom.getTime() || (a.id > b.id ? 1 : a.id < b.id ? -1 : 0)
  );
}

/**
 * Dollars typed by a person ("0.15", "3", "1,250.5") as integer nano-USD, exactly (decimal string
 * arithmetic, no float); null when it is not a non-negative amount with at most nine decimals.
 */
export function parseUsdToNano(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{0,9}))?$/.exec(text.trim().replace(/^\$/, "").replace(/,/g, ""));
  if (!m) return null;
  return Number(m[1]) * 1_000_000_000 + Number((m[2] ?? "").padEnd(9, "0"));
}

/** Integer nano-USD as exact dollars for an input: "0.15", "3", "0.000000001". */
export function nanoToUsdText(nano: number): string {
  const whole = Math.floor(nano / 1_000_000_000);
  const frac = String(nano % 1_000_000_000)
    .padStart(9, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}
