import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { KeyedProvider, removeCredential, SetCredentialInput, setCredential } from "@/lib/auth/provider-credentials";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

const Params = z.object({ provider: KeyedProvider });

/** Saves or replaces a provider key (encrypted); answers only its masked hint. */
export const PUT = defineRoute({ access: ["admin"], params: Params, body: SetCredentialInput, maxBodyBytes: 8192 }, async ({ params, body, principal }) => ({
  credential: await setCredential(getDb(), principal!, params.provider, body.value),
}));

export const DELETE = defineRoute({ access: ["admin"], params: Params }, async ({ params, principal }) => {
  await removeCredential(getDb(), principal!, params.provider);
  return { removed: params.provider };
});

export const { GET, POST, PATCH } = otherMethodsRefused(["PUT", "DELETE"]);
