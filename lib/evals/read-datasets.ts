/**
 * Datasets as answered (./dataset.shared.ts): the list with each dataset's current revision and
 * case count, and one dataset at its current or an older revision with its revision history.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import type { Case, DatasetSummary, DatasetView, Mock } from "./dataset.shared";

/** The dataset's row in the current workspace, or 404. */
export async function requireDataset(db: Db, id: string) {
  const workspaceId = await currentWorkspaceId(db);
  const row = await db.dataset.findFirst({ where: { id, workspaceId } });
  if (!row) throw new NotFoundError(`No dataset with id '${id}'.`, { id });
  return row;
}

function caseCount(cases: unknown): number {
  return Array.isArray(cases) ? cases.length : 0;
}

export async function listDatasets(db: Db): Promise<DatasetSummary[]> {
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.dataset.findMany({ where: { workspaceId }, orderBy: { name: "asc" } });
  const revisions = await db.datasetRevision.findMany({
    where: { OR: rows.map((r) => ({ datasetId: r.id, revision: r.currentRevision })) },
    select: { datasetId: true, cases: true },
  });
  const counts = new Map(revisions.map((r) => [r.datasetId, caseCount(r.cases)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    revision: r.currentRevision,
    caseCount: counts.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The dataset at `revision` (default: its current one); 404 for a revision it never had. */
export async function getDataset(db: Db, id: string, revision?: number): Promise<DatasetView> {
  const row = await requireDataset(db, id);
  const wanted = revision ?? row.currentRevision;
  const all = await db.datasetRevision.findMany({ where: { datasetId: id }, orderBy: { revision: "desc" } });
  const shown = all.find((r) => r.revision === wanted);
  if (!shown) throw new NotFoundError(`The dataset '${row.name}' has no revision ${wanted}.`, { id, revision: wanted });
  return {
    id: row.id,
    name: row.name,
    revision: shown.revision,
    currentRevision: row.currentRevision,
    cases: readJsonColumn<Case[]>(shown.cases),
    mocks: readJsonColumn<Mock[]>(shown.mocks),
    revisions: all.map((r) => ({
      revision: r.revision,
      caseCount: caseCount(r.cases),
      createdAt: r.createdAt.toISOString(),
      createdById: r.createdById,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
