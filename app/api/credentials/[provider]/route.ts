import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { KeyedProvider, removeCredential, SetCredentialInput, setCredential } from "@/lib/auth/provider-credentials";

export const dynamic = "force-dynamic";

const Params = z.object({ provider: KeyedProvider });

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Saves or replaces a provider key (encrypted; openai-compatible with the baseUrl it is bound to); answers only its masked hint. */
  PUT: defineRoute(
    { access: ["admin"], params: Params, body: SetCredentialInput, maxBodyBytes: 8192 },
    async ({ params, body, principal, db }) => ({
      credential: await setCredential(db, principal, params.provider, body.value, undefined, body.baseUrl),
    }),
  ),
  DELETE: defineRoute({ access: ["admin"], params: Params }, async ({ params, principal, db }) => {
    await removeCredential(db, principal, params.provider);
    return { removed: params.provider };
  }),
});
