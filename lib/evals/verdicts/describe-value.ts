/**
 * How a verdict's reason quotes a value: short and readable, in the style of source code —
 * `{status:'open', ids:[1, 2]}` — cut to `max` characters.
 */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function describe(value: unknown): string {
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value)) return `[${value.map(describe).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${IDENTIFIER.test(k) ? k : describe(k)}:${describe(v)}`,
  );
  return `{${entries.join(", ")}}`;
}

export function describeValue(value: unknown, max = 120): string {
  const text = describe(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
