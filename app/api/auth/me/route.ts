import { authApi } from "@/lib/api/contracts/auth.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(authApi.me, { access: ANY_ROLE }, async ({ principal }) => ({
    kind: principal.kind,
    id: principal.id,
    name: principal.name,
    email: principal.email ?? null,
    roles: principal.roles,
  })),
});
