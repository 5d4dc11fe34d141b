import { credentialsApi } from "@/lib/api/contracts/credentials.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { removeCredential, setCredential } from "@/lib/auth/provider-credentials";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Saves or replaces a provider key (encrypted; openai-compatible with the baseUrl it is bound to); answers only its masked hint. */
  PUT: defineRoute(
    credentialsApi.set,
    { access: ["admin"], maxBodyBytes: 8192 },
    async ({ params, body, principal, db }) => ({
      credential: await setCredential(db, principal, params.provider, body.value, undefined, body.baseUrl),
    }),
  ),
  DELETE: defineRoute(credentialsApi.remove, { access: ["admin"] }, async ({ params, principal, db }) => {
    await removeCredential(db, principal, params.provider);
    return { removed: params.provider };
  }),
});
