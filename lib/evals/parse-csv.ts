/**
 * Reading CSV (RFC 4180: quoted cells with `""` for a quote, line breaks inside quotes, CRLF or
 * LF), each record with the line it starts on — the reading side of lib/api/csv.shared.ts.
 */
export interface CsvRecord {
  /** 1-based line the record starts on. */
  line: number;
  cells: string[];
}

export interface CsvDocument {
  records: CsvRecord[];
  /** The line of a quoted cell never closed (the records then stop short), else null. */
  unclosedQuoteLine: number | null;
}

export function parseCsv(text: string): CsvDocument {
  const src = text.replace(/^\uFEFF/, "");
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === "")) records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  while (i < src.length) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === "\n") line += 1;
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      quoteLine = line;
      i += 1;
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
      i += 1;
    } else if (ch === "\r" && src[i + 1] === "\n") {
      endRecord();
      line += 1;
      start = line;
      i += 2;
    } else if (ch === "\n") {
      endRecord();
      line += 1;
      start = line;
      i += 1;
    } else {
      cell += ch;
      i += 1;
    }
  }
  if (quoted) return { records, unclosedQuoteLine: quoteLine };
  if (cell !== "" || cells.length > 0) endRecord();
  return { records, unclosedQuoteLine: null };
}
