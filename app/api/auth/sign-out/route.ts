import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { recordAudit } from "@/lib/auth/audit-log";
import { isHttps } from "@/lib/auth/request-meta";
import { clearedSessionCookie, deleteSession, readCookie, SESSION_COOKIE } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export const POST = defineRoute({ access: "public" }, async ({ req, principal }) => {
  assertSameOriginIfBrowser(req);
  const cookie = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  if (cookie) await deleteSession(getDb(), cookie);
  if (principal) await recordAudit(getDb(), { actor: principal, action: "auth.sign_out", target: principal.id });
  return Response.json({ signedOut: true }, { headers: { "set-cookie": clearedSessionCookie(isHttps(req)) } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused(["POST"]);
