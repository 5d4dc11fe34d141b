/**
 * A file that cannot be imported: 400 `validation_error` naming the first bad line (1-based) and
 * field, with every problem found (up to 50) in `errors`.
 */
import { AppError } from "../errors";

export interface ImportProblem {
  line: number;
  /** The field at fault ("messages", "expect[1].value", a CSV column), or "" for the line itself. */
  field: string;
  message: string;
}

export const MAX_IMPORT_PROBLEMS = 50;

export class DatasetImportError extends AppError {
  static override readonly kind: string = "DatasetImportError";
  readonly problems: ImportProblem[];
  constructor(problems: ImportProblem[]) {
    const first = problems[0];
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    super("validation_error", `Line ${first.line}${first.field ? `, ${first.field}` : ""}: ${first.message}${more}`, {
      line: first.line,
      field: first.field,
      errors: problems.slice(0, MAX_IMPORT_PROBLEMS),
    });
    this.problems = problems;
  }
}

/** A zod issue path as a field name: `expect[1].value`. */
export function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
}
