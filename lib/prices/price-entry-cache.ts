/**
 * The price entries pricing reads at write time, held per process so that pricing a usage never
 * costs a database query (docs/prices.md, "Freshness").
 *
 * - The composition root installs a loader (`watchPriceEntries`) when it builds the run runtime:
 *   the entries are loaded at once, and reloaded when a read finds them older than
 *   `PRICE_ENTRIES_TTL_MS` (the read answers with what it holds and the reload runs in the
 *   background — at most one query per process every few seconds). In queue mode a timer also
 *   reloads them every `PRICE_ENTRIES_TTL_MS`, so a worker sees an admin's change within seconds
 *   even while idle.
 * - The create, update and delete use cases reload them as they return (`reloadPriceEntries`), so
 *   the process that took the change prices with it from the next usage on.
 *
 * Next.js bundles route handlers and `instrumentation.ts` apart, so this module may exist several
 * times in one process: the state lives in one `globalThis` slot (`Symbol.for`), shared by every copy.
 */
import type { PriceRule } from "./match-price-entry";

export const PRICE_ENTRIES_TTL_MS = 5_000;

interface CacheState {
  rules: readonly PriceRule[];
  loadedAt: number;
  load: (() => Promise<PriceRule[]>) | null;
  loading: Promise<void> | null;
  timer: ReturnType<typeof setInterval> | null;
  /** Bumped when a loader is installed, so a reload started for an old one does not land. */
  generation: number;
}

const SLOT = Symbol.for("atelier.priceEntries");
type Slot = { [SLOT]?: CacheState };

function state(): CacheState {
  const g = globalThis as Slot;
  return (g[SLOT] ??= { rules: [], loadedAt: -Infinity, load: null, loading: null, timer: null, generation: 0 });
}

/** The entries this process prices with (sync); starts a background reload when they are stale. */
export function cachedPriceEntries(now = Date.now()): readonly PriceRule[] {
  const s = state();
  if (s.load && !s.loading && now - s.loadedAt > PRICE_ENTRIES_TTL_MS) void reload(s).catch(() => {});
  return s.rules;
}

function reload(s: CacheState): Promise<void> {
  const load = s.load;
  if (!load) return Promise.resolve();
  const generation = s.generation;
  const p: Promise<void> = Promise.resolve()
    .then(load)
    .then((rules) => {
      if (s.generation !== generation) return;
      s.rules = rules;
      s.loadedAt = Date.now();
    })
    .finally(() => {
      if (s.loading === p) s.loading = null;
    });
  s.loading = p;
  return p;
}

/** Reloads now (after a change; awaits any reload in flight first so the newest data lands last). */
export async function reloadPriceEntries(): Promise<void> {
  const s = state();
  if (s.loading) await s.loading.catch(() => {});
  await reload(s);
}

/**
 * Prices from `load` from now on: loaded at once (awaitable), then kept fresh as described above.
 * Returns a function that stops the timer and forgets the loader.
 */
export function watchPriceEntries(
  load: () => Promise<PriceRule[]>,
  options: { poll?: boolean } = {},
): { loaded: Promise<void>; stop: () => void } {
  const s = state();
  if (s.timer) clearInterval(s.timer);
  s.generation += 1;
  s.load = load;
  s.loading = null;
  s.rules = [];
  s.loadedAt = -Infinity;
  s.timer = options.poll ? setInterval(() => void reload(s).catch(() => {}), PRICE_ENTRIES_TTL_MS) : null;
  s.timer?.unref?.();
  const generation = s.generation;
  return {
    loaded: reload(s).catch(() => {}),
    stop: () => {
      if (s.generation !== generation) return;
      if (s.timer) clearInterval(s.timer);
      s.timer = null;
      s.load = null;
      s.generation += 1;
    },
  };
}

/** Tests: price with exactly these entries (no loader). */
export function setCachedPriceEntries(rules: readonly PriceRule[]): void {
  const s = state();
  if (s.timer) clearInterval(s.timer);
  s.timer = null;
  s.load = null;
  s.generation += 1;
  s.rules = rules;
  s.loadedAt = Date.now();
}
