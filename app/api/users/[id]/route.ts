import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { updateUser, UpdateUserInput } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

/** Change a user's name or roles, or (de)activate them; deactivation ends their sessions and tokens. */
export const PUT = defineRoute({ access: ["admin"], params: Params, body: UpdateUserInput }, async ({ params, body, principal }) => ({
  user: await updateUser(getDb(), principal!, params.id, body),
}));

export const { GET, POST, PATCH, DELETE } = otherMethodsRefused(["PUT"]);
