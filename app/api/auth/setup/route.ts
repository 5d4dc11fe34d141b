import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { isHttps } from "@/lib/auth/request-meta";
import { createSession, sessionCookie } from "@/lib/auth/sessions";
import { needsSetup, SetupInput, setupFirstAdmin } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** Whether the studio still needs its first admin. */
export const GET = defineRoute({ access: "public" }, async () => ({ needed: await needsSetup(getDb()) }));

/** Creates the first admin and signs them in; refused for good once a user exists. */
export const POST = defineRoute({ access: "public", body: SetupInput, status: 201 }, async ({ req, body }) => {
  assertSameOriginIfBrowser(req);
  const db = getDb();
  const user = await setupFirstAdmin(db, body);
  const { secret, expiresAt } = await createSession(db, user.id, { userAgent: req.headers.get("user-agent") });
  return Response.json({ user }, { status: 201, headers: { "set-cookie": sessionCookie(secret, expiresAt, isHttps(req)) } });
});

export const { PUT, PATCH, DELETE } = otherMethodsRefused(["GET", "POST"]);
