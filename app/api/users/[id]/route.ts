import { usersApi } from "@/lib/api/contracts/users.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { updateUser } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Change a user's name or roles, or (de)activate them; deactivation ends their sessions and tokens. */
  PUT: defineRoute(usersApi.update, { access: ["admin"] }, async ({ params, body, principal, db }) => ({
    user: await updateUser(db, principal, params.id, body),
  })),
});
