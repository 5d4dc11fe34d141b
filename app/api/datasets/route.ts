import { datasetsApi } from "@/lib/api/contracts/datasets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { DATASET_IMPORT_MAX_BYTES } from "@/lib/evals/dataset.shared";
import { listDatasets } from "@/lib/evals/read-datasets";
import { createDataset } from "@/lib/evals/write-datasets";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(datasetsApi.list, { access: ANY_ROLE }, async ({ db }) => ({ datasets: await listDatasets(db) })),
  POST: defineRoute(
    datasetsApi.create,
    { access: ["author"], maxBodyBytes: DATASET_IMPORT_MAX_BYTES },
    async ({ body, principal, db }) => createDataset(db, principal, body),
  ),
});
