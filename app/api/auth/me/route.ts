import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE }, async ({ principal }) => ({
  kind: principal!.kind,
  id: principal!.id,
  name: principal!.name,
  email: principal!.email ?? null,
  roles: principal!.roles,
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
