/**
 * Money as the studio shows it. Amounts are integer nano-USD wherever they are stored or summed
 * (1 USD = 1e9; docs/architecture.md, "Money is integer nano-USD"); pages show them as dollars.
 */

const NANO = 1_000_000_000;

/**
 * Nano-USD as dollars, by one rule everywhere:
 * - a dollar or more: cents, with thousands separators ("$1,234.57");
 * - less than a dollar: six decimals, since one model request costs fractions of a cent
 *   ("$0.012346", "$0.000123"), and all nine below half a micro-dollar so a non-zero amount never
 *   rounds to nothing ("$0.00000005");
 * trailing zeros trimmed down to two decimals ("$0.01", "$0.50", "$0.00").
 */
export function formatNanoUsd(nano: number): string {
  const n = Math.round(nano);
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  if (abs >= NANO) {
    const cents = Math.round(abs / 10_000_000);
    return `${sign}$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;
  }
  let decimals: string;
  if (abs > 0 && abs < 500) {
    decimals = String(abs).padStart(9, "0");
  } else {
    const micro = Math.round(abs / 1000);
    if (micro >= 1_000_000) return `${sign}$1.00`;
    decimals = String(micro).padStart(6, "0");
  }
  decimals = decimals.replace(/0+$/, "");
  if (decimals.length < 2) decimals = decimals.padEnd(2, "0");
  return `${sign}$0.${decimals}`;
}
