import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { getDatabaseTarget, getDb } from "@/lib/db/client";
import { checkHealth } from "@/lib/db/health";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: "public" }, async () => {
  const report = await checkHealth(getDb(), getDatabaseTarget(), pkg.version);
  return Response.json(report, { status: report.database.reachable ? 200 : 503, headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
