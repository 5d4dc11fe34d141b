import { webhooksApi } from "@/lib/api/contracts/webhooks.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(webhooksApi.deliveries, { access: ["admin"] }, async ({ params, query, db }) => ({
    deliveries: await listDeliveries(db, params.id, query.limit),
  })),
});
