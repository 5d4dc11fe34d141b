/**
 * How values are quoted inside error messages. The seed's messages are Python `repr()` output
 * ('kelvin', ['celsius', 'fahrenheit']); we keep that look so the texts match word for word.
 */

/** A string in Python `repr` style: single quotes unless the text holds a single quote only. */
export function reprString(text: string): string {
  const useDouble = text.includes("'") && !text.includes('"');
  const quote = useDouble ? '"' : "'";
  let out = "";
  for (const ch of text) {
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else out += ch;
  }
  return quote + out + quote;
}

/** Any JSON-ish value, quoted for a message: strings in repr style, the rest as JSON. */
export function reprValue(value: unknown): string {
  if (typeof value === "string") return reprString(value);
  if (value === undefined) return "undefined";
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) return `[${value.map(reprValue).join(", ")}]`;
  if (typeof value === "object") {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}

/** A list in Python style: `['a', 'b']`. */
export function reprList(values: readonly unknown[]): string {
  return `[${values.map(reprValue).join(", ")}]`;
}

/** `reprValue`, cut to 80 characters: how a validation message quotes the value it refuses. */
export function shortRepr(value: unknown): string {
  const text = reprValue(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
