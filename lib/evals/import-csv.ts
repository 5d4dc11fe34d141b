/**
 * CSV import (docs/evals.md): single-message cases, one per row after a header row. Columns:
 * `message` (required), `id` (optional), and expectation columns `contains`, `equals` and
 * `toolCalled` (a tool name) — each may appear more than once; an empty cell adds nothing.
 * Every bad row is reported with its line number and column; nothing is imported unless every row
 * is good.
 */
import { CaseInput, type Expectation } from "./dataset.shared";
import { DatasetImportError, fieldOf, MAX_IMPORT_PROBLEMS, type ImportProblem } from "./dataset-import-error";
import { parseCsv, type CsvRecord } from "./parse-csv";

export const CSV_COLUMNS = ["message", "id", "contains", "equals", "toolCalled"] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

function isColumn(name: string): name is CsvColumn {
  return (CSV_COLUMNS as readonly string[]).includes(name);
}

function records(content: string): CsvRecord[] {
  const doc = parseCsv(content);
  if (doc.unclosedQuoteLine !== null) {
    throw new DatasetImportError([
      { line: doc.unclosedQuoteLine, field: "", message: "a quoted cell is never closed" },
    ]);
  }
  return doc.records;
}

export function parseCsvCases(content: string): CaseInput[] {
  const [header, ...rows] = records(content);
  if (!header) throw new DatasetImportError([{ line: 1, field: "", message: "the file is empty" }]);
  const columns = header.cells.map((c) => c.trim());
  const unknown = columns.filter((c) => !isColumn(c));
  if (unknown.length > 0) {
    throw new DatasetImportError(
      unknown.map((c) => ({
        line: header.line,
        field: c,
        message: `unknown column '${c}': the columns are ${CSV_COLUMNS.join(", ")}`,
      })),
    );
  }
  if (!columns.includes("message")) {
    throw new DatasetImportError([
      { line: header.line, field: "message", message: "the header has no 'message' column" },
    ]);
  }
  const problems: ImportProblem[] = [];
  const cases: CaseInput[] = [];
  const ids = new Map<string, number>();
  for (const row of rows) {
    if (problems.length >= MAX_IMPORT_PROBLEMS) break;
    if (row.cells.length !== columns.length) {
      problems.push({
        line: row.line,
        field: "",
        message: `${row.cells.length} cells; the header has ${columns.length} columns`,
      });
      continue;
    }
    let message = "";
    let id: string | undefined;
    const expect: Expectation[] = [];
    columns.forEach((column, i) => {
      const cell = row.cells[i];
      if (column === "message") message = cell;
      else if (column === "id") id = cell.trim() || undefined;
      else if (cell === "") return;
      else if (column === "contains") expect.push({ kind: "contains", value: cell });
      else if (column === "equals") expect.push({ kind: "equals", value: cell });
      else if (column === "toolCalled") expect.push({ kind: "toolCalled", name: cell.trim() });
    });
    if (message.trim() === "") {
      problems.push({ line: row.line, field: "message", message: "the message is empty" });
      continue;
    }
    const parsed = CaseInput.safeParse({ ...(id ? { id } : {}), messages: [message], expect });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [head] = issue.path;
      problems.push({ line: row.line, field: head === "id" ? "id" : fieldOf(issue.path), message: issue.message });
      continue;
    }
    if (id) {
      const before = ids.get(id);
      if (before !== undefined) {
        problems.push({ line: row.line, field: "id", message: `the id '${id}' is already used on line ${before}` });
        continue;
      }
      ids.set(id, row.line);
    }
    cases.push(parsed.data);
  }
  if (problems.length > 0) throw new DatasetImportError(problems);
  if (cases.length === 0) throw new DatasetImportError([{ line: 2, field: "", message: "the file holds no case" }]);
  return cases;
}
