/** Display helpers shared by the lists and dashboards. */

export function formatDateTime(iso: string | null): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function formatUsd(n: number): string {
  if (n > 0 && n < 0.01) return `$${n.toFixed(4)}`;
  return `$${n.toFixed(2)}`;
}

/** Integer nano-USD (1 USD = 1e9) as dollars; sub-cent amounts keep their significant digits. */
export function formatNanoUsd(nano: number): string {
  if (nano === 0) return "$0.00";
  const usd = nano / 1e9;
  if (Math.abs(usd) >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toFixed(9).replace(/0+$/, "")}`;
}

export function formatInt(n: number): string {
  return n.toLocaleString("en-US");
}
