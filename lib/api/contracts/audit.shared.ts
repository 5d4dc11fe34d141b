/** The contract of /api/audit (docs/http-contract.md): the newest audit log entries, for admins. */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { AuditEntry } from "../../auth/audit-log.shared";

export const auditApi = {
  list: endpoint({
    method: "GET",
    path: "/api/audit",
    query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
    response: z.strictObject({ entries: z.array(AuditEntry) }),
  }),
};
