/**
 * Adding, reading, changing and deleting webhook endpoints (admin; the routes check the role).
 * The URL passes the egress policy's save-time check (webhook-egress.ts); the signing secret is
 * generated here, sealed (webhook-secret.ts) and answered once. Each change is audited
 * (`webhook.create`, `webhook.update`, `webhook.delete`) with the URL and events, never the secret.
 * Disabling or deleting an endpoint cancels its pending deliveries.
 */
import { randomBytes } from "node:crypto";
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import { loadSecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { jsonColumn, readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { BadRequestError, NotFoundError } from "../errors";
import { webhookUrlProblem } from "./webhook-egress";
import { openWebhookSecret, sealWebhookSecret, type Keys } from "./webhook-secret";
import { newWebhookSecret, secretHint } from "./webhook-signing";
import {
  WEBHOOK_EVENT_TYPES,
  type DeliveryStatus,
  type WebhookEventType,
  type WebhookInput,
  type WebhookView,
} from "./webhook-views.shared";

type Input = { url: string; events: WebhookEventType[]; description?: string; enabled?: boolean };
type WebhookRow = Awaited<ReturnType<Db["webhook"]["findFirstOrThrow"]>>;

function assertUrlAllowed(url: string): void {
  const problem = webhookUrlProblem(url);
  if (problem) throw new BadRequestError(problem, { field: "url" });
}

/** The stored events column as the known event types (unknown ones, from a later version, dropped). */
export function eventsOf(row: Pick<WebhookRow, "events">): WebhookEventType[] {
  const raw = readJsonColumn<unknown>(row.events);
  return Array.isArray(raw) ? WEBHOOK_EVENT_TYPES.filter((t) => raw.includes(t)) : [];
}

/** A new endpoint id: `wh_` and 20 random characters (known before the secret is sealed to it). */
function newWebhookId(): string {
  return `wh_${randomBytes(15).toString("base64url")}`;
}

export async function createWebhook(
  db: Db,
  actor: Principal,
  input: Input,
  key: Keys = loadSecretKeyring(),
): Promise<{ id: string; secret: string }> {
  assertUrlAllowed(input.url);
  const id = newWebhookId();
  const secret = newWebhookSecret();
  await db.webhook.create({
    data: {
      id,
      workspaceId: await currentWorkspaceId(db),
      url: input.url,
      description: input.description ?? "",
      events: jsonColumn(input.events),
      enabled: input.enabled ?? true,
      createdById: actor.id,
      ...sealWebhookSecret(key, id, secret),
    },
  });
  await recordAudit(db, {
    actor,
    action: "webhook.create",
    target: id,
    details: { url: input.url, events: input.events, enabled: input.enabled ?? true },
  });
  return { id, secret };
}

export async function requireWebhook(db: Db, id: string): Promise<WebhookRow> {
  const row = await db.webhook.findUnique({ where: { id } });
  if (!row) throw new NotFoundError(`No webhook with id '${id}'.`);
  return row;
}

/** Pending deliveries of the endpoint end `cancelled`: no further attempt is made. */
export async function cancelPendingDeliveries(db: Db, webhookId: string, why: string): Promise<number> {
  const res = await db.webhookDelivery.updateMany({
    where: { webhookId, status: "pending" },
    data: { status: "cancelled", nextAttemptAt: null, lastError: why },
  });
  return res.count;
}

export async function updateWebhook(db: Db, actor: Principal, id: string, input: Input): Promise<void> {
  const row = await requireWebhook(db, id);
  assertUrlAllowed(input.url);
  const enabled = input.enabled ?? row.enabled;
  await db.webhook.update({
    where: { id },
    data: { url: input.url, events: jsonColumn(input.events), description: input.description ?? "", enabled },
  });
  if (!enabled) await cancelPendingDeliveries(db, id, "cancelled: the endpoint was disabled");
  await recordAudit(db, {
    actor,
    action: "webhook.update",
    target: id,
    details: { url: input.url, events: input.events, enabled },
  });
}

export async function deleteWebhook(db: Db, actor: Principal, id: string): Promise<void> {
  const row = await requireWebhook(db, id);
  // Cancelled first: an attempt about to start finds its delivery no longer pending (then gone).
  await cancelPendingDeliveries(db, id, "cancelled: the endpoint was deleted");
  await db.webhook.delete({ where: { id } });
  await recordAudit(db, {
    actor,
    action: "webhook.delete",
    target: id,
    details: { url: row.url, events: eventsOf(row) },
  });
}

/** The endpoint's secret in clear, for signing (server-side only). */
export function webhookSecret(row: WebhookRow, key: Keys = loadSecretKeyring()): string {
  return openWebhookSecret(key, row.id, row);
}

function toView(row: WebhookRow, last: WebhookView["lastDelivery"], key: Keys): WebhookView {
  let hint = "whsec_…";
  try {
    hint = secretHint(webhookSecret(row, key));
  } catch {
    hint = "does not open with this studio's key";
  }
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    enabled: row.enabled,
    secretHint: hint,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: last,
  };
}

async function lastDelivery(db: Db, webhookId: string): Promise<WebhookView["lastDelivery"]> {
  const d = await db.webhookDelivery.findFirst({
    where: { webhookId },
    orderBy: { createdAt: "desc" },
    select: { status: true, eventType: true, createdAt: true, lastStatusCode: true },
  });
  return d
    ? {
        status: d.status as DeliveryStatus,
        eventType: d.eventType,
        createdAt: d.createdAt.toISOString(),
        lastStatusCode: d.lastStatusCode,
      }
    : null;
}

export async function listWebhooks(db: Db, key: Keys = loadSecretKeyring()): Promise<WebhookView[]> {
  const rows = await db.webhook.findMany({ orderBy: { createdAt: "asc" } });
  return Promise.all(rows.map(async (r) => toView(r, await lastDelivery(db, r.id), key)));
}

export async function webhookView(db: Db, id: string, key: Keys = loadSecretKeyring()): Promise<WebhookView> {
  const row = await requireWebhook(db, id);
  return toView(row, await lastDelivery(db, id), key);
}

export type { WebhookInput };
