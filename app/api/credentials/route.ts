import { credentialsApi } from "@/lib/api/contracts/credentials.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { listCredentials, providerKeyEnvironment } from "@/lib/auth/provider-credentials";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Saved provider keys as masked hints, and which providers have a key in the environment. */
  GET: defineRoute(credentialsApi.list, { access: ["admin"] }, async ({ db }) => ({
    credentials: await listCredentials(db),
    environment: providerKeyEnvironment(),
  })),
});
