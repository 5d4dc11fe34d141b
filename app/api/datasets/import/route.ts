import { datasetsApi } from "@/lib/api/contracts/datasets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { DATASET_IMPORT_MAX_BYTES } from "@/lib/evals/dataset.shared";
import { importDataset } from "@/lib/evals/import-dataset";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** A JSONL or CSV file (at most 5 MB): errors name the line and field; nothing is imported unless all is good. */
  POST: defineRoute(
    datasetsApi.import,
    { access: ["author"], maxBodyBytes: DATASET_IMPORT_MAX_BYTES },
    async ({ body, principal, db }) => importDataset(db, principal, body),
  ),
});
