import { webhooksApi } from "@/lib/api/contracts/webhooks.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { deliveryView } from "@/lib/webhooks/list-deliveries";
import { requireWebhook } from "@/lib/webhooks/manage-webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** A `webhook.test` event, attempted now (up to the 10 s timeout); retries like any delivery. */
  POST: defineRoute(webhooksApi.test, { access: ["admin"] }, async ({ params, principal, db, server }) => {
    await requireWebhook(db, params.id);
    const rt = await server.ready();
    const id = await rt.webhooks!.sendTest(params.id, principal.name ?? null);
    return deliveryView(db, id);
  }),
});
