import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { KeyedProvider } from "@/lib/auth/provider-credentials";
import { getDb } from "@/lib/db/client";
import { loadSavedKeys } from "@/lib/models/load-saved-keys";
import { ProviderTestInput, testProviderKey } from "@/lib/models/test-provider-key";

export const dynamic = "force-dynamic";

const Params = z.object({ provider: KeyedProvider });

/** Makes one tiny real request with the provider's key: {ok, answer} or {ok: false, error} with the provider's text. */
export const POST = defineRoute({ access: ["admin"], params: Params, body: ProviderTestInput.prefault({}), maxBodyBytes: 8192 }, async ({ params, body }) =>
  testProviderKey(params.provider, body, { savedKeys: await loadSavedKeys(getDb()) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused(["POST"]);
