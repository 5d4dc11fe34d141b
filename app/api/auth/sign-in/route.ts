import type { AnswerOf } from "@/lib/api/contract.shared";
import { authApi } from "@/lib/api/contracts/auth.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { clientAddress, isHttps } from "@/lib/auth/request-meta";
import { createSession, sessionCookie } from "@/lib/auth/sessions";
import { signIn } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** A `Response`, for its Set-Cookie. */
  POST: defineRoute(authApi.signIn, { access: "public", maxBodyBytes: 4096 }, async ({ req, body, db, server }) => {
    assertSameOriginIfBrowser(req);
    const user = await signIn(db, body, clientAddress(req), {
      limiter: server.limits.signIn,
      passwords: server.passwords,
    });
    const { secret, expiresAt } = await createSession(db, user.id, {
      userAgent: req.headers.get("user-agent"),
      ip: clientAddress(req),
    });
    const answer: AnswerOf<typeof authApi.signIn> = { user };
    return Response.json(answer, { headers: { "set-cookie": sessionCookie(secret, expiresAt, isHttps(req)) } });
  }),
});
