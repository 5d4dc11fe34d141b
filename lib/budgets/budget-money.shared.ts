/**
 * Dollars typed in a form ↔ integer nano-USD, exactly (no floating point: "0.1" is 100,000,000
 * nano-USD, not 100,000,000.00000001). Browser-safe.
 */

/** "12.5", "$1,000", "0.000000001" → nano-USD; null when it is not an amount (or has more than 9 decimals). */
export function usdToNanoUsd(text: string): number | null {
  const t = text.trim().replace(/^\$/, "").replace(/,/g, "");
  const m = /^(\d+)(?:\.(\d{0,9}))?$/.exec(t);
  if (!m) return null;
  const nano = BigInt(m[1]) * 1_000_000_000n + BigInt((m[2] ?? "").padEnd(9, "0"));
  return nano > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(nano);
}

/** Nano-USD as a plain decimal amount of dollars, every digit kept ("12.5", "0.000000001"). */
export function nanoUsdToUsd(nano: number): string {
  const n = BigInt(Math.round(nano));
  const whole = n / 1_000_000_000n;
  const frac = (n % 1_000_000_000n).toString().padStart(9, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole.toString();
}
