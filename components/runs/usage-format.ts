/** Money and usage as the conversation and trace pages show them. Money is integer nano-USD. */

const NANO = 1_000_000_000;

/**
 * Nano-USD as dollars: cents for a dollar or more, otherwise six decimals (more when that would
 * round a non-zero amount to nothing), trailing zeros trimmed down to two. 123000 → "$0.000123".
 */
export function formatNanoUsd(nano: number): string {
  const n = Math.round(nano);
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  const whole = Math.floor(abs / NANO);
  const frac = String(abs % NANO).padStart(9, "0");
  let decimals: string;
  if (whole >= 1) {
    const cents = Math.round(abs / 10_000_000);
    return `${sign}$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;
  } else if (abs > 0 && abs < 500) {
    decimals = frac; // below $0.0000005: all nine places
  } else {
    const micro = Math.round(abs / 1000); // six places, rounded
    if (micro >= 1_000_000) return `${sign}$1.00`;
    decimals = String(micro).padStart(6, "0");
  }
  decimals = decimals.replace(/0+$/, "");
  if (decimals.length < 2) decimals = decimals.padEnd(2, "0");
  return `${sign}$0.${decimals}`;
}

/** A cost that may lack a price: an unpriced run never shows as $0.00. */
export function formatCost(nano: number, priced: "all" | "some" | "none" | boolean): string {
  const p = priced === true ? "all" : priced === false ? "none" : priced;
  if (p === "none") return "unpriced";
  if (p === "some") return `${formatNanoUsd(nano)} + unpriced`;
  return formatNanoUsd(nano);
}

export function formatTokens(n: number): string {
  return n.toLocaleString("en-US");
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
