import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { listAudit } from "@/lib/auth/audit-log";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(
    { access: ["admin"], query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }) },
    async ({ query, db }) => ({
      entries: await listAudit(db, query.limit),
    }),
  ),
});
