/**
 * `POST /api/datasets/import`: a JSONL or CSV file's cases, as a new dataset or appended to an
 * existing one as its next revision (cases whose id the dataset already has replace those cases).
 * Audited `dataset.import`.
 */
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { assignCaseIds } from "./assign-case-ids";
import type { DatasetImportInput, DatasetImportResult } from "./dataset.shared";
import { parseCsvCases } from "./import-csv";
import { parseJsonlCases } from "./import-jsonl";
import { getDataset } from "./read-datasets";
import { createDataset, writeRevision } from "./write-datasets";

export async function importDataset(db: Db, actor: Principal, input: DatasetImportInput): Promise<DatasetImportResult> {
  const cases = input.format === "jsonl" ? parseJsonlCases(input.content) : parseCsvCases(input.content);
  const details = { format: input.format, imported: cases.length };
  if (input.datasetId === undefined) {
    const ref = await createDataset(db, actor, { name: input.name!, cases }, { action: "dataset.import", details });
    return { ...ref, imported: cases.length };
  }
  const current = await getDataset(db, input.datasetId);
  const incoming = assignCaseIds(
    cases,
    current.cases.map((c) => c.id),
  );
  const replaced = new Map(incoming.map((c) => [c.id, c]));
  const merged = [
    ...current.cases.map((c) => replaced.get(c.id) ?? c),
    ...incoming.filter((c) => !current.cases.some((k) => k.id === c.id)),
  ];
  const ref = await writeRevision(
    db,
    actor,
    input.datasetId,
    { cases: merged, mocks: current.mocks },
    { action: "dataset.import", details },
  );
  return { ...ref, imported: cases.length };
}
