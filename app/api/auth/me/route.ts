import { defineRoute } from "@/lib/api/define-route";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE }, async ({ principal }) => ({
  kind: principal!.kind,
  id: principal!.id,
  name: principal!.name,
  email: principal!.email ?? null,
  roles: principal!.roles,
}));
