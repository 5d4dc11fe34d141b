import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { listCredentials, PROVIDER_KEY_VARIABLES } from "@/lib/auth/provider-credentials";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** Saved provider keys as masked hints, and which providers have a key in the environment. */
export const GET = defineRoute({ access: ["admin"] }, async () => ({
  credentials: await listCredentials(getDb()),
  environment: Object.entries(PROVIDER_KEY_VARIABLES).map(([provider, variable]) => ({ provider, variable, set: Boolean(process.env[variable]) })),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
