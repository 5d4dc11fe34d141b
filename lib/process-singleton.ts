/**
 * One instance per server process. Next.js bundles each route handler (and `instrumentation.ts`)
 * apart, so a module-level `const x = new X()` is one per bundle: a limiter, a semaphore or a
 * worker declared that way would be multiplied by the number of routes importing it. Shared state
 * of that kind lives on globalThis under `Symbol.for("atelier.<key>")` instead.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const g = globalThis as unknown as Record<symbol, T | undefined>;
  const slot = Symbol.for(`atelier.${key}`);
  return (g[slot] ??= create());
}

/** Forgets the instance (tests, shutdown); the next `processSingleton(key, …)` creates a new one. */
export function dropProcessSingleton(key: string): void {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(`atelier.${key}`)];
}
