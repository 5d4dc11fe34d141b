import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  DELETE: defineRoute(
    { access: ANY_ROLE, params: z.object({ id: z.string().min(1) }) },
    async ({ params, principal, db }) => ({
      token: await revokeApiToken(db, principal, params.id),
    }),
  ),
});
