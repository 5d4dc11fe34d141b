import { webhooksApi } from "@/lib/api/contracts/webhooks.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { createWebhook, listWebhooks } from "@/lib/webhooks/manage-webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Admin only: endpoints say where the studio's events go. */
  GET: defineRoute(webhooksApi.list, { access: ["admin"] }, async ({ db }) => ({ webhooks: await listWebhooks(db) })),
  /** The answer carries the signing secret, once. */
  POST: defineRoute(webhooksApi.create, { access: ["admin"] }, async ({ body, principal, db }) =>
    createWebhook(db, principal, body),
  ),
});
