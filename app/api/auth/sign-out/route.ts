import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { recordAudit } from "@/lib/auth/audit-log";
import { isHttps } from "@/lib/auth/request-meta";
import { clearedSessionCookie, deleteSession, readCookie, SESSION_COOKIE } from "@/lib/auth/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: defineRoute({ access: "public" }, async ({ req, principal, db }) => {
    assertSameOriginIfBrowser(req);
    const cookie = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
    if (cookie) await deleteSession(db, cookie);
    if (principal) await recordAudit(db, { actor: principal, action: "auth.sign_out", target: principal.id });
    return Response.json({ signedOut: true }, { headers: { "set-cookie": clearedSessionCookie(isHttps(req)) } });
  }),
});
