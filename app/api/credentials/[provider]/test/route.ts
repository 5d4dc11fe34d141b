import { credentialsApi } from "@/lib/api/contracts/credentials.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { loadSavedKeys } from "@/lib/models/load-saved-keys";
import { testProviderKey } from "@/lib/models/test-provider-key";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Makes one tiny real request with the provider's key: {ok, answer} or {ok: false, error} with the provider's text. */
  POST: defineRoute(credentialsApi.test, { access: ["admin"], maxBodyBytes: 8192 }, async ({ params, body, db }) =>
    testProviderKey(params.provider, body, { savedKeys: await loadSavedKeys(db) }),
  ),
});
