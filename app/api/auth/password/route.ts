import { authApi } from "@/lib/api/contracts/auth.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { changePassword } from "@/lib/auth/password-change";
import { clientAddress } from "@/lib/auth/request-meta";
import { ANY_ROLE } from "@/lib/auth/roles";
import { readCookie, SESSION_COOKIE } from "@/lib/auth/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The signed-in user's own password: current + new; ends their other sessions. */
  POST: defineRoute(
    authApi.changePassword,
    { access: ANY_ROLE, maxBodyBytes: 4096 },
    async ({ req, body, principal, db, server }) =>
      changePassword(db, principal, body, {
        sessionSecret: readCookie(req.headers.get("cookie"), SESSION_COOKIE),
        address: clientAddress(req),
        limiter: server.limits.signIn,
        passwords: server.passwords,
      }),
  ),
});
