import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { createUser, CreateUserInput, listUsers } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ["admin"] }, async () => ({ users: await listUsers(getDb()) }));

export const POST = defineRoute({ access: ["admin"], body: CreateUserInput, status: 201 }, async ({ body, principal }) => ({
  user: await createUser(getDb(), principal!, body),
}));

export const { PUT, PATCH, DELETE } = otherMethodsRefused(["GET", "POST"]);
