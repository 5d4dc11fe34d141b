/**
 * JSONL import (docs/evals.md): one case per non-blank line, written as the API takes it
 * (`{id?, messages, context?, mocks?, expect}`). Every bad line is reported with its number and
 * field; nothing is imported unless every line is good.
 */
import { CaseInput } from "./dataset.shared";
import { DatasetImportError, fieldOf, MAX_IMPORT_PROBLEMS, type ImportProblem } from "./dataset-import-error";

export function parseJsonlCases(content: string): CaseInput[] {
  const cases: CaseInput[] = [];
  const problems: ImportProblem[] = [];
  const ids = new Map<string, number>();
  const lines = content.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((text, i) => {
    const line = i + 1;
    if (text.trim() === "" || problems.length >= MAX_IMPORT_PROBLEMS) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      problems.push({ line, field: "", message: `not valid JSON (${(e as Error).message})` });
      return;
    }
    const parsed = CaseInput.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 5)) {
        problems.push({ line, field: fieldOf(issue.path), message: issue.message });
      }
      return;
    }
    const id = parsed.data.id;
    if (id !== undefined) {
      const before = ids.get(id);
      if (before !== undefined) {
        problems.push({ line, field: "id", message: `the id '${id}' is already used on line ${before}` });
        return;
      }
      ids.set(id, line);
    }
    cases.push(parsed.data);
  });
  if (problems.length > 0) throw new DatasetImportError(problems);
  if (cases.length === 0) throw new DatasetImportError([{ line: 1, field: "", message: "the file holds no case" }]);
  return cases;
}
