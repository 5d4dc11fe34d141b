/**
 * The run path's outgoing webhooks (lib/webhooks, docs/webhooks.md), one line at each place that
 * reports: a job of the run queue settled (approvals requested, top-level runs ended), an approval
 * decided, runs ended outside a job. Budget alerts this process claimed arrive through
 * `onBudgetAlert`. Every call here returns at once: reading the rows and queueing the deliveries
 * happen after, and a failure is logged, never the run's.
 */
import { onBudgetAlert } from "../../budgets/budget-alert-hooks";
import type { Db } from "../../db/client";
import type { Logger } from "../../logger";
import { approvalDecidedEvents, conversationEventsSince, runsEndedEvents } from "../../webhooks/run-webhook-events";
import { budgetEvent } from "../../webhooks/webhook-payloads";
import { WebhookDispatcher } from "../../webhooks/webhook-dispatcher";

/** What reports: the run runtime (its database and dispatcher). */
interface Reporting {
  db: Db;
  webhooks?: WebhookDispatcher;
}

/** The runtime's dispatcher, subscribed to the budget alerts this process claims (until closed). */
export function createRunWebhooks(db: Db, logger: Logger): WebhookDispatcher {
  const webhooks = new WebhookDispatcher(db, logger);
  webhooks.onClose(onBudgetAlert((alert) => webhooks.notify(() => [budgetEvent(alert)])));
  return webhooks;
}

/** A job settled, or a suspended run was superseded: what happened in the conversation since `since`. */
export function notifyJobSettled(rt: Reporting, conversationId: string, since: Date): void {
  rt.webhooks?.notify(() => conversationEventsSince(rt.db, conversationId, since));
}

export function notifyApprovalDecided(rt: Reporting, approvalId: string): void {
  rt.webhooks?.notify(() => approvalDecidedEvents(rt.db, approvalId));
}

export function notifyRunsEnded(rt: Reporting, runIds: string[]): void {
  if (runIds.length) rt.webhooks?.notify(() => runsEndedEvents(rt.db, runIds));
}
