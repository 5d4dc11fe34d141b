/**
 * The demo workspace's price for the offline demo model (docs/prices.md, "The demo price"): a
 * custom price entry named "demo price — not real money", so the demo's costs page, runs and Home
 * show figures — each labelled with that name, since no money is spent. Seeded only with the demo
 * on (`ATELIER_DEMO` not `0`); an admin may change or delete it like any entry.
 */
import type { SeedStep } from "../db/seed-demo";

export const DEMO_PRICE_NAME = "demo price — not real money";

/** Nano-USD per million tokens: $1 input, $4 output, $0.10 cache reads. */
export const DEMO_PRICE = {
  name: DEMO_PRICE_NAME,
  provider: "demo",
  modelPattern: "demo",
  inputPerMTokNanoUsd: 1_000_000_000n,
  outputPerMTokNanoUsd: 4_000_000_000n,
  cacheReadPerMTokNanoUsd: 100_000_000n,
  cacheWritePerMTokNanoUsd: null,
  // Valid for any demo usage, however far back it is dated.
  validFrom: new Date("2000-01-01T00:00:00Z"),
  overrides: false,
} as const;

export const demoPriceStep: SeedStep = {
  step: 3,
  description: "a price for the offline demo model (demo price — not real money)",
  async run(db) {
    const existing = await db.priceEntry.findFirst({ where: { provider: "demo", name: DEMO_PRICE_NAME } });
    if (!existing) await db.priceEntry.create({ data: { ...DEMO_PRICE } });
  },
};
