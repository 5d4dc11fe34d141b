/**
 * The contract of /api/webhooks (docs/webhooks.md): endpoints outside the studio that receive
 * signed events (Standard Webhooks). Admins only, every route: an endpoint's URL and delivery log
 * say where the studio's approvals, runs and budgets are reported, and its secret signs them.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import { WebhookDeliveryView, WebhookInput, WebhookView } from "../../webhooks/webhook-views.shared";

const IdParams = z.object({ id: z.string().min(1) });

export const webhooksApi = {
  list: endpoint({
    method: "GET",
    path: "/api/webhooks",
    response: z.strictObject({ webhooks: z.array(WebhookView) }),
  }),
  /** The signing secret (`whsec_…`) is in this answer only; it is stored sealed. */
  create: endpoint({
    method: "POST",
    path: "/api/webhooks",
    body: WebhookInput,
    response: z.strictObject({ id: z.string(), secret: z.string() }),
    status: 201,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/webhooks/:id",
    params: IdParams,
    response: WebhookView,
  }),
  /** Replaces url, events, description and enabled (absent `enabled` keeps it); the secret stays. */
  update: endpoint({
    method: "PUT",
    path: "/api/webhooks/:id",
    params: IdParams,
    body: WebhookInput,
    response: WebhookView,
  }),
  /** Deletes the endpoint and its log; its pending deliveries are cancelled (no further attempt). */
  remove: endpoint({
    method: "DELETE",
    path: "/api/webhooks/:id",
    params: IdParams,
    response: DeletedResponse,
  }),
  /** The endpoint's deliveries, newest first. */
  deliveries: endpoint({
    method: "GET",
    path: "/api/webhooks/:id/deliveries",
    params: IdParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.strictObject({ deliveries: z.array(WebhookDeliveryView) }),
  }),
  /**
   * Sends a `webhook.test` event now (enabled or not) and answers its delivery after the first
   * attempt: delivered, or pending with its retries scheduled like any delivery.
   */
  test: endpoint({
    method: "POST",
    path: "/api/webhooks/:id/test",
    params: IdParams,
    response: WebhookDeliveryView,
  }),
};
