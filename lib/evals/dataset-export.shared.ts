/**
 * A dataset's cases as JSONL, the format the import reads back (./import-jsonl.ts): one case per
 * line, ids included, so an export re-imported into the same dataset replaces its cases in place.
 * Browser-safe.
 */
import type { Case } from "./dataset.shared";

export function casesToJsonl(cases: readonly Case[]): string {
  return cases.map((c) => JSON.stringify(c)).join("\n") + (cases.length ? "\n" : "");
}

/** A file name for the export: the dataset's name made safe, and its revision. */
export function exportFileName(name: string, revision: number): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "dataset";
  return `${safe}.r${revision}.jsonl`;
}
