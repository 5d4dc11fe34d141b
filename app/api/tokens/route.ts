import { tokensApi } from "@/lib/api/contracts/tokens.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { createApiToken, listApiTokens } from "@/lib/auth/api-tokens";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The caller's own API tokens (never their values). */
  GET: defineRoute(tokensApi.list, { access: ANY_ROLE }, async ({ principal, db }) => ({
    tokens: await listApiTokens(db, principal.id),
  })),
  /** A new token for the caller, with a role they hold; its value is in this answer only. */
  POST: defineRoute(tokensApi.create, { access: ANY_ROLE }, async ({ body, principal, db }) =>
    createApiToken(db, principal, body),
  ),
});
