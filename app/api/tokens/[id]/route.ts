import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export const DELETE = defineRoute({ access: ANY_ROLE, params: z.object({ id: z.string().min(1) }) }, async ({ params, principal }) => ({
  token: await revokeApiToken(getDb(), principal!, params.id),
}));

export const { GET, POST, PUT, PATCH } = otherMethodsRefused(["DELETE"]);
