import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { KeyedProvider } from "@/lib/auth/provider-credentials";
import { loadSavedKeys } from "@/lib/models/load-saved-keys";
import { ProviderTestInput, testProviderKey } from "@/lib/models/test-provider-key";

export const dynamic = "force-dynamic";

const Params = z.object({ provider: KeyedProvider });

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Makes one tiny real request with the provider's key: {ok, answer} or {ok: false, error} with the provider's text. */
  POST: defineRoute(
    { access: ["admin"], params: Params, body: ProviderTestInput.prefault({}), maxBodyBytes: 8192 },
    async ({ params, body, db }) => testProviderKey(params.provider, body, { savedKeys: await loadSavedKeys(db) }),
  ),
});
