/**
 * The contract of /api/datasets (docs/evals.md): datasets of eval cases, versioned — every change
 * writes a new revision and old revisions stay readable (`?revision=n`). Any signed-in role reads;
 * authors create, change, import and delete.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import {
  CaseInput,
  DatasetImportInput,
  DatasetImportResult,
  DatasetInput,
  DatasetRevisionRef,
  DatasetSummary,
  DatasetView,
} from "../../evals/dataset.shared";

const IdParams = z.object({ id: z.string().min(1) });

/** `POST /api/datasets/draft-case`: which conversation, and which of its turns (0-based). */
export const DraftCaseInput = z.strictObject({
  conversationId: z.string().min(1, "Name the conversation"),
  turn: z.number({ error: "A turn is a whole number from 0" }).int().min(0, "Turns count from 0"),
});
export type DraftCaseInput = z.infer<typeof DraftCaseInput>;

export const datasetsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/datasets",
    response: z.strictObject({ datasets: z.array(DatasetSummary) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/datasets",
    body: DatasetInput,
    response: DatasetRevisionRef,
    status: 201,
  }),
  /** The dataset at its current revision, or at `revision`. */
  get: endpoint({
    method: "GET",
    path: "/api/datasets/:id",
    params: IdParams,
    query: z.object({ revision: z.coerce.number().int().positive().optional() }),
    response: DatasetView,
  }),
  /** Replaces name, cases and mocks: a new revision (cases sent with an id keep it). */
  update: endpoint({
    method: "PUT",
    path: "/api/datasets/:id",
    params: IdParams,
    body: DatasetInput,
    response: DatasetRevisionRef,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/datasets/:id",
    params: IdParams,
    response: DeletedResponse,
  }),
  /** A JSONL or CSV file's text (at most 5 MB): a new dataset, or appended to `datasetId`. */
  import: endpoint({
    method: "POST",
    path: "/api/datasets/import",
    body: DatasetImportInput,
    response: DatasetImportResult,
    status: 201,
  }),
  /**
   * "Add this turn to a dataset": a case drafted from what happened up to the end of a turn of a
   * conversation (its messages, context values, expectations drafted from its events), to edit
   * and then save with `create` or `update`. Writes nothing.
   */
  draftCase: endpoint({
    method: "POST",
    path: "/api/datasets/draft-case",
    body: DraftCaseInput,
    response: z.strictObject({ case: CaseInput }),
  }),
};
