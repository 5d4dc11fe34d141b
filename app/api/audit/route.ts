import { auditApi } from "@/lib/api/contracts/audit.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { listAuditPage } from "@/lib/auth/audit-list";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(auditApi.list, { access: ["admin"] }, async ({ query, db }) => listAuditPage(db, query)),
});
