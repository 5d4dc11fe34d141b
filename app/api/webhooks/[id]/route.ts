import { webhooksApi } from "@/lib/api/contracts/webhooks.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { deleteWebhook, updateWebhook, webhookView } from "@/lib/webhooks/manage-webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(webhooksApi.get, { access: ["admin"] }, async ({ params, db }) => webhookView(db, params.id)),
  /** Disabling cancels the pending deliveries; the secret never changes. */
  PUT: defineRoute(webhooksApi.update, { access: ["admin"] }, async ({ params, body, principal, db }) => {
    await updateWebhook(db, principal, params.id, body);
    return webhookView(db, params.id);
  }),
  /** Pending deliveries are cancelled, then the endpoint and its log are deleted. */
  DELETE: defineRoute(webhooksApi.remove, { access: ["admin"] }, async ({ params, principal, db }) => {
    await deleteWebhook(db, principal, params.id);
    return { deleted: params.id };
  }),
});
