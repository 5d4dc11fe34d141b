import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { createApiToken, CreateTokenInput, listApiTokens } from "@/lib/auth/api-tokens";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The caller's own API tokens (never their values). */
  GET: defineRoute({ access: ANY_ROLE }, async ({ principal, db }) => ({
    tokens: await listApiTokens(db, principal.id),
  })),
  /** A new token for the caller, with a role they hold; its value is in this answer only. */
  POST: defineRoute({ access: ANY_ROLE, body: CreateTokenInput, status: 201 }, async ({ body, principal, db }) =>
    createApiToken(db, principal, body),
  ),
});
