import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { updateUser, UpdateUserInput } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Change a user's name or roles, or (de)activate them; deactivation ends their sessions and tokens. */
  PUT: defineRoute(
    { access: ["admin"], params: Params, body: UpdateUserInput },
    async ({ params, body, principal, db }) => ({
      user: await updateUser(db, principal, params.id, body),
    }),
  ),
});
