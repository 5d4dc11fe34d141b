import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { assertSameOriginIfBrowser } from "@/lib/auth/authenticate";
import { isHttps } from "@/lib/auth/request-meta";
import { createSession, sessionCookie } from "@/lib/auth/sessions";
import { needsSetup, SetupInput, setupFirstAdmin } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Whether the studio still needs its first admin. */
  GET: defineRoute({ access: "public" }, async ({ db }) => ({ needed: await needsSetup(db) })),
  /**
   * Creates the first admin and signs them in: needs the one-time setup token `npm start` prints;
   * refused for good once a user exists.
   */
  POST: defineRoute(
    { access: "public", body: SetupInput, status: 201, maxBodyBytes: 4096 },
    async ({ req, body, db }) => {
      assertSameOriginIfBrowser(req);
      const user = await setupFirstAdmin(db, body);
      const { secret, expiresAt } = await createSession(db, user.id, { userAgent: req.headers.get("user-agent") });
      return Response.json(
        { user },
        { status: 201, headers: { "set-cookie": sessionCookie(secret, expiresAt, isHttps(req)) } },
      );
    },
  ),
});
