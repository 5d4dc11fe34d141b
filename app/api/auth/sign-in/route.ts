import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { clientAddress, isHttps } from "@/lib/auth/request-meta";
import { createSession, sessionCookie } from "@/lib/auth/sessions";
import { signIn, SignInInput } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export const POST = defineRoute({ access: "public", body: SignInInput, maxBodyBytes: 4096 }, async ({ req, body }) => {
  assertSameOriginIfBrowser(req);
  const db = getDb();
  const user = await signIn(db, body, clientAddress(req));
  const { secret, expiresAt } = await createSession(db, user.id, { userAgent: req.headers.get("user-agent"), ip: clientAddress(req) });
  return Response.json({ user }, { headers: { "set-cookie": sessionCookie(secret, expiresAt, isHttps(req)) } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused(["POST"]);
