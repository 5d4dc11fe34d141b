import { modelsApi } from "@/lib/api/contracts/models.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { listCredentials } from "@/lib/auth/provider-credentials";
import { buildModelCatalog } from "@/lib/models/model-catalog";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The model catalog with each provider's key status: whether a key is there, never the key (authors pick models). */
  GET: defineRoute(modelsApi.catalog, { access: ["author"] }, async ({ db }) => {
    const saved = new Set((await listCredentials(db)).map((c) => c.provider));
    return buildModelCatalog({ saved, env: process.env });
  }),
});
