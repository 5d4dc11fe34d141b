"use client";
/**
 * The named custom prices (docs/prices.md) behind a run's cost, for the run views: the models that
 * answered (`provider:model`) matched against the price list as pricing matches them (provider,
 * `*` glob, most specific, then the latest valid from). The usage summary names them exactly from
 * the records (`priceNames`); a run's views use the price list, since their usage counters carry no
 * price version.
 */
import { useState } from "react";
import { usePrices } from "@/components/settings/price-queries";
import { modelMatches, patternSpecificity, type PriceEntryView } from "@/lib/prices/price-entry.shared";

function bestEntry(entries: readonly PriceEntryView[], key: string, now: number): PriceEntryView | null {
  const i = key.indexOf(":");
  if (i < 0) return null;
  const provider = key.slice(0, i);
  const model = key.slice(i + 1);
  let best: PriceEntryView | null = null;
  for (const e of entries) {
    if (e.provider !== provider || Date.parse(e.validFrom) > now || !modelMatches(e.modelPattern, model)) continue;
    if (!best) {
      best = e;
      continue;
    }
    const [al, as] = patternSpecificity(e.modelPattern);
    const [bl, bs] = patternSpecificity(best.modelPattern);
    if (al - bl || as - bs ? al - bl > 0 || (al === bl && as > bs) : e.validFrom > best.validFrom) best = e;
  }
  return best;
}

/** The names of the named entries that price these models; none when nothing was priced. */
export function useNamedPrices(models: ReadonlyArray<string | null | undefined>, priced: boolean): string[] {
  const prices = usePrices();
  const [now] = useState(() => Date.now());
  if (!priced || !prices.data) return [];
  const names = new Set<string>();
  for (const key of models) {
    if (!key) continue;
    const entry = bestEntry(prices.data.prices, key, now);
    if (entry?.name) names.add(entry.name);
  }
  return [...names].sort();
}
