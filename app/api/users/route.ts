import { usersApi } from "@/lib/api/contracts/users.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { createUser, listUsers } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(usersApi.list, { access: ["admin"] }, async ({ db }) => ({ users: await listUsers(db) })),
  POST: defineRoute(usersApi.create, { access: ["admin"] }, async ({ body, principal, db, server }) => ({
    user: await createUser(db, principal, body, server.passwords),
  })),
});
