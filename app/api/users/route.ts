import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { createUser, CreateUserInput, listUsers } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ["admin"] }, async ({ db }) => ({ users: await listUsers(db) })),
  POST: defineRoute({ access: ["admin"], body: CreateUserInput, status: 201 }, async ({ body, principal, db }) => ({
    user: await createUser(db, principal, body),
  })),
});
