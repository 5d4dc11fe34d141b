/**
 * Creating, revising and deleting datasets (authors). Every change writes a new immutable
 * revision and moves `currentRevision`; a case keeps the id it is sent with, a case without one
 * gets a new id. Names are unique per workspace (409). Audited: `dataset.create`,
 * `dataset.update`, `dataset.delete`.
 */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { jsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { ConflictError } from "../errors";
import { assignCaseIds } from "./assign-case-ids";
import type { Case, DatasetInput, DatasetRevisionRef, Mock } from "./dataset.shared";
import { requireDataset } from "./read-datasets";

async function ensureNameFree(db: Db, workspaceId: string, name: string, exceptId?: string): Promise<void> {
  const clash = await db.dataset.findUnique({ where: { workspaceId_name: { workspaceId, name } } });
  if (clash && clash.id !== exceptId) {
    throw new ConflictError(`A dataset named '${name}' already exists.`, { name });
  }
}

export async function createDataset(
  db: Db,
  actor: Principal,
  input: DatasetInput,
  audit: { action: "dataset.create" | "dataset.import"; details?: Record<string, unknown> } = {
    action: "dataset.create",
  },
): Promise<DatasetRevisionRef> {
  const workspaceId = await currentWorkspaceId(db);
  await ensureNameFree(db, workspaceId, input.name);
  const cases = assignCaseIds(input.cases);
  const row = await db.dataset.create({
    data: {
      workspaceId,
      name: input.name,
      currentRevision: 1,
      createdById: actor.id,
      revisions: {
        create: {
          revision: 1,
          cases: jsonColumn(cases),
          mocks: jsonColumn(input.mocks ?? []),
          createdById: actor.id,
        },
      },
    },
  });
  await recordAudit(db, {
    actor,
    action: audit.action,
    target: row.id,
    details: { name: input.name, revision: 1, cases: cases.length, ...audit.details },
  });
  return { id: row.id, revision: 1 };
}

/** Writes `cases` and `mocks` as the dataset's next revision (and its name, when given). */
export async function writeRevision(
  db: Db,
  actor: Principal,
  id: string,
  next: { name?: string; cases: Case[]; mocks: Mock[] },
  audit: { action: "dataset.update" | "dataset.import"; details?: Record<string, unknown> },
): Promise<DatasetRevisionRef> {
  const row = await requireDataset(db, id);
  if (next.name !== undefined && next.name !== row.name) await ensureNameFree(db, row.workspaceId, next.name, id);
  const revision = await db.$transaction(async (tx) => {
    // Moving currentRevision first claims the number: two concurrent edits cannot write the same revision.
    const updated = await tx.dataset.update({
      where: { id },
      data: { currentRevision: { increment: 1 }, ...(next.name !== undefined ? { name: next.name } : {}) },
    });
    await tx.datasetRevision.create({
      data: {
        datasetId: id,
        revision: updated.currentRevision,
        cases: jsonColumn(next.cases),
        mocks: jsonColumn(next.mocks),
        createdById: actor.id,
      },
    });
    return updated.currentRevision;
  });
  await recordAudit(db, {
    actor,
    action: audit.action,
    target: id,
    details: { name: next.name ?? row.name, revision, cases: next.cases.length, ...audit.details },
  });
  return { id, revision };
}

/** `PUT /api/datasets/{id}`: the whole dataset replaced, as a new revision. */
export async function updateDataset(
  db: Db,
  actor: Principal,
  id: string,
  input: DatasetInput,
): Promise<DatasetRevisionRef> {
  return writeRevision(
    db,
    actor,
    id,
    { name: input.name, cases: assignCaseIds(input.cases), mocks: input.mocks ?? [] },
    { action: "dataset.update" },
  );
}

/** Deletes the dataset and every revision. */
export async function deleteDataset(db: Db, actor: Principal, id: string): Promise<void> {
  const row = await requireDataset(db, id);
  await db.dataset.delete({ where: { id } });
  await recordAudit(db, {
    actor,
    action: "dataset.delete",
    target: id,
    details: { name: row.name, revisions: row.currentRevision },
  });
}
