import { tokensApi } from "@/lib/api/contracts/tokens.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  DELETE: defineRoute(tokensApi.revoke, { access: ANY_ROLE }, async ({ params, principal, db }) => ({
    token: await revokeApiToken(db, principal, params.id),
  })),
});
