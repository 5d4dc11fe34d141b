import { runsApi } from "@/lib/api/contracts/runs.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getRunTrace } from "@/lib/runs/read-models/traces/load-run-trace";
import { exportedTraceId } from "@/lib/telemetry/exported-trace-id";

export const dynamic = "force-dynamic";

/**
 * The run as a timeline: model requests, tool calls, approvals, compactions, child runs nested; with
 * the OpenTelemetry trace id its turn is exported under when this studio exports (lib/telemetry).
 */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(runsApi.trace, { access: ANY_ROLE }, async ({ params, db, server }) => {
    const trace = await getRunTrace(db, params.id);
    if (!server.telemetry.enabled) return trace;
    const otelTraceId = await exportedTraceId(db, params.id);
    return otelTraceId ? { ...trace, otelTraceId } : trace;
  }),
});
