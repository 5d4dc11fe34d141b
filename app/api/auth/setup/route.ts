import type { AnswerOf } from "@/lib/api/contract.shared";
import { authApi } from "@/lib/api/contracts/auth.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { isHttps } from "@/lib/auth/request-meta";
import { createSession, sessionCookie } from "@/lib/auth/sessions";
import { needsSetup, setupFirstAdmin } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Whether the studio still needs its first admin. */
  GET: defineRoute(authApi.setupNeeded, { access: "public" }, async ({ db }) => ({ needed: await needsSetup(db) })),
  /**
   * Creates the first admin and signs them in: needs the one-time setup token `npm start` prints;
   * refused for good once a user exists. A `Response`, for its Set-Cookie.
   */
  POST: defineRoute(authApi.setup, { access: "public", maxBodyBytes: 4096 }, async ({ req, body, db, server }) => {
    assertSameOriginIfBrowser(req);
    const user = await setupFirstAdmin(db, body, server.passwords);
    const { secret, expiresAt } = await createSession(db, user.id, { userAgent: req.headers.get("user-agent") });
    const answer: AnswerOf<typeof authApi.setup> = { user };
    return Response.json(answer, {
      status: 201,
      headers: { "set-cookie": sessionCookie(secret, expiresAt, isHttps(req)) },
    });
  }),
});
