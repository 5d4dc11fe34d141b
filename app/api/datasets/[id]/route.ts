import { datasetsApi } from "@/lib/api/contracts/datasets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { DATASET_IMPORT_MAX_BYTES } from "@/lib/evals/dataset.shared";
import { getDataset } from "@/lib/evals/read-datasets";
import { deleteDataset, updateDataset } from "@/lib/evals/write-datasets";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(datasetsApi.get, { access: ANY_ROLE }, async ({ params, query, db }) =>
    getDataset(db, params.id, query.revision),
  ),
  /** The whole dataset, as its next revision; a dataset is as large as an import may be. */
  PUT: defineRoute(
    datasetsApi.update,
    { access: ["author"], maxBodyBytes: DATASET_IMPORT_MAX_BYTES },
    async ({ params, body, principal, db }) => updateDataset(db, principal, params.id, body),
  ),
  DELETE: defineRoute(datasetsApi.remove, { access: ["author"] }, async ({ params, principal, db }) => {
    await deleteDataset(db, principal, params.id);
    return { deleted: params.id };
  }),
});
