import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { createApiToken, CreateTokenInput, listApiTokens } from "@/lib/auth/api-tokens";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** The caller's own API tokens (never their values). */
export const GET = defineRoute({ access: ANY_ROLE }, async ({ principal }) => ({ tokens: await listApiTokens(getDb(), principal!.id) }));

/** A new token for the caller, with a role they hold; its value is in this answer only. */
export const POST = defineRoute({ access: ANY_ROLE, body: CreateTokenInput, status: 201 }, async ({ body, principal }) =>
  createApiToken(getDb(), principal!, body),
);

export const { PUT, PATCH, DELETE } = otherMethodsRefused(["GET", "POST"]);
