import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { listAudit } from "@/lib/auth/audit-log";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ["admin"], query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }) }, async ({ query }) => ({
  entries: await listAudit(getDb(), query.limit),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
