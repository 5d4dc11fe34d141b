/**
 * The contract of /api/datasets (docs/evals.md): datasets of eval cases, versioned — every change
 * writes a new revision and old revisions stay readable (`?revision=n`). Any signed-in role reads;
 * authors create, change, import and delete.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import {
  DatasetImportInput,
  DatasetImportResult,
  DatasetInput,
  DatasetRevisionRef,
  DatasetSummary,
  DatasetView,
} from "../../evals/dataset.shared";

const IdParams = z.object({ id: z.string().min(1) });

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
};
