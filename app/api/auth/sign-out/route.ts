import type { AnswerOf } from "@/lib/api/contract.shared";
import { authApi } from "@/lib/api/contracts/auth.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { recordAudit } from "@/lib/auth/audit-log";
import { isHttps } from "@/lib/auth/request-meta";
import { clearedSessionCookie, deleteSession, readCookie, SESSION_COOKIE } from "@/lib/auth/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * A `Response`, for the Set-Cookie that clears the session cookie. The navigation's sign-out is a
   * plain form post (it works before the page is hydrated): a browser asking for HTML is sent to
   * the sign-in page (303); an API client gets the JSON answer.
   */
  POST: defineRoute(authApi.signOut, { access: "public" }, async ({ req, principal, db }) => {
    assertSameOriginIfBrowser(req);
    const cookie = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
    if (cookie) await deleteSession(db, cookie);
    if (principal) await recordAudit(db, { actor: principal, action: "auth.sign_out", target: principal.id });
    const cleared = { "set-cookie": clearedSessionCookie(isHttps(req)) };
    if ((req.headers.get("accept") ?? "").includes("text/html"))
      return new Response(null, { status: 303, headers: { ...cleared, location: "/sign-in" } });
    const answer: AnswerOf<typeof authApi.signOut> = { signedOut: true };
    return Response.json(answer, { headers: cleared });
  }),
});
