import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { listCredentials, PROVIDER_KEY_VARIABLES } from "@/lib/auth/provider-credentials";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Saved provider keys as masked hints, and which providers have a key in the environment. */
  GET: defineRoute({ access: ["admin"] }, async ({ db }) => ({
    credentials: await listCredentials(db),
    environment: Object.entries(PROVIDER_KEY_VARIABLES).map(([provider, variable]) => ({
      provider,
      variable,
      set: Boolean(process.env[variable]),
    })),
  })),
});
