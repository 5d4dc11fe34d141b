/**
 * The contract of /api/audit (docs/http-contract.md): the audit log for admins, newest first,
 * readable (names, not ids), filtered by actor, action and days, a page at a time.
 */
import { endpoint } from "../contract.shared";
import { AuditPage, AuditQuery } from "../../auth/audit-list.shared";

export const auditApi = {
  list: endpoint({
    method: "GET",
    path: "/api/audit",
    query: AuditQuery,
    response: AuditPage,
  }),
};
