"use client";
/**
 * The named custom prices (docs/prices.md) behind a run's cost, for the run views: the models that
 * answered (`provider:model`) matched against the price list by the server's own rule
 * (`bestPriceEntry`). The usage summary names them exactly from the records (`priceNames`); a run's
 * views use the price list, since their usage counters carry no price version.
 */
import { useMemo, useState } from "react";
import { usePrices } from "@/components/settings/price-queries";
import { bestPriceEntry } from "@/lib/prices/price-entry.shared";

/** The names of the named entries that price these models; none when nothing was priced. */
export function useNamedPrices(models: ReadonlyArray<string | null | undefined>, priced: boolean): string[] {
  const prices = usePrices();
  const [now] = useState(() => new Date());
  const entries = useMemo(
    () => (prices.data?.prices ?? []).map((e) => ({ ...e, validFrom: new Date(e.validFrom) })),
    [prices.data],
  );
  if (!priced || !entries.length) return [];
  const names = new Set<string>();
  for (const key of models) {
    const i = key ? key.indexOf(":") : -1;
    if (!key || i < 0) continue;
    const entry = bestPriceEntry(entries, key.slice(0, i), key.slice(i + 1), now);
    if (entry?.name) names.add(entry.name);
  }
  return [...names].sort();
}
