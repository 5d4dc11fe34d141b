/**
 * JSON deep equality and the partial match of expected arguments (docs/evals.md): every key the
 * expectation lists must be deep-equal in the actual arguments — arrays whole, nested objects
 * whole — and keys it does not list are ignored.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  const bo = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(bo, k) && deepEqual((a as Record<string, unknown>)[k], bo[k]));
}

/** True when `actual` is an object holding each key of `expected` with a deep-equal value. */
export function argsMatch(expected: Record<string, unknown> | undefined, actual: unknown): boolean {
  if (!expected) return true;
  if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return Object.keys(expected).length === 0;
  const obj = actual as Record<string, unknown>;
  return Object.entries(expected).every(([k, v]) => Object.hasOwn(obj, k) && deepEqual(v, obj[k]));
}
