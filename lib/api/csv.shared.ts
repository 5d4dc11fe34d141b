/**
 * The one CSV writer of the studio (every CSV it writes goes through it; today the cost export,
 * components/costs/costs-model.ts). Cells follow RFC 4180 — quoted when they hold a quote, a comma,
 * a line break or surrounding spaces, lines ending in CRLF — and OWASP's rule against CSV formula
 * injection: a text cell that starts with `=`, `+`, `-`, `@`, tab or carriage return is prefixed
 * with `'`, so a spreadsheet shows it as text instead of evaluating it. Numbers (and text that is
 * exactly a decimal number, such as an exact dollar amount) stay as they are.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function csvCell(value: CsvValue): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && FORMULA_START.test(s) && !DECIMAL_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(",");
}

/** Lines joined with CRLF, ending with one. */
export function csvDocument(lines: ReadonlyArray<readonly CsvValue[]>): string {
  return lines.map((l) => `${csvLine(l)}\r\n`).join("");
}
