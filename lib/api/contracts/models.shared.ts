/**
 * The models API (docs/http-contract.md): the catalog the agent editor's model picker offers —
 * every provider with its key status (saved in the studio, in the environment, or none; never the
 * key) and its known models, from the bundled price table (lib/models/model-catalog.ts).
 */
import { endpoint } from "../contract.shared";
import { ModelCatalog } from "../../models/model-catalog.shared";

export const modelsApi = {
  /** Every provider, in the editor's order, with `keySaved` and the models known for it. */
  catalog: endpoint({
    method: "GET",
    path: "/api/models",
    response: ModelCatalog,
  }),
};
