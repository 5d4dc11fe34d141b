/**
 * The `data` of each event type (docs/webhooks.md lists every field): pure functions from the rows
 * they describe, so the shapes are tested without a database. Money is integer nano-USD; times
 * are ISO 8601 UTC.
 */
import type { BudgetAlertEvent } from "../budgets/budget-alert-hooks";
import { links } from "./webhook-links";
import type { WebhookEvent } from "./webhook-message";

export interface PersonRef {
  id: string | null;
  name: string | null;
}

export interface AgentRef {
  id: string;
  name: string | null;
  version: number | null;
}

export interface ApprovalFacts {
  id: string;
  conversationId: string;
  conversationTitle: string | null;
  runId: string;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  argumentsHash: string;
  target: unknown;
  status: string;
  createdAt: Date;
  agent: AgentRef;
  /** Who posted the turn the call belongs to. */
  requestedBy: PersonRef | null;
  /** The API token the turn came with, when it came with one. */
  apiTokenId: string | null;
  decision?: string | null;
  reason?: string | null;
  decidedBy?: PersonRef | null;
  decidedAt?: Date | null;
}

type Env = Record<string, string | undefined>;

function approvalData(a: ApprovalFacts) {
  return {
    approvalId: a.id,
    status: a.status,
    tool: a.toolName,
    target: a.target ?? null,
    arguments: a.arguments,
    argumentsHash: a.argumentsHash,
    toolCallId: a.toolCallId,
    runId: a.runId,
    conversationId: a.conversationId,
    conversationTitle: a.conversationTitle,
    agent: a.agent,
    requestedBy: a.requestedBy,
    apiTokenId: a.apiTokenId,
    requestedAt: a.createdAt.toISOString(),
  };
}

/**
 * `approval.requested`: everything an approver needs to decide from outside — the tool, its frozen
 * arguments and their hash, who asked — and how: `decide` is the request that decides it (with a
 * token of a user holding `approver`), `links` the pages to look at.
 */
export function approvalRequestedEvent(a: ApprovalFacts, env?: Env): WebhookEvent {
  return {
    type: "approval.requested",
    key: a.id,
    at: a.createdAt,
    data: {
      ...approvalData(a),
      decide: {
        method: "POST",
        url: links.decision(a.id, env),
        body: { decision: "approve | deny", argumentsHash: a.argumentsHash, reason: "optional text" },
      },
      links: {
        approvals: links.approvals(env),
        conversation: links.conversation(a.conversationId, env),
        run: links.run(a.runId, env),
      },
    },
  };
}

/** `approval.decided`: the decision, who made it and why, beside the call it decided. */
export function approvalDecidedEvent(a: ApprovalFacts, env?: Env): WebhookEvent {
  return {
    type: "approval.decided",
    key: a.id,
    at: a.decidedAt ?? new Date(),
    data: {
      ...approvalData(a),
      decision: a.decision ?? null,
      reason: a.reason ?? null,
      decidedBy: a.decidedBy ?? null,
      decidedAt: a.decidedAt?.toISOString() ?? null,
      links: {
        conversation: links.conversation(a.conversationId, env),
        run: links.run(a.runId, env),
      },
    },
  };
}

export interface RunFacts {
  id: string;
  kind: string;
  conversationId: string;
  conversationTitle: string | null;
  agent: AgentRef;
  status: string;
  stopReason: string | null;
  /** The stored error JSON ({type, message, …}) of a failed run. */
  error: string | null;
  model: string | null;
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costNanoUsd: bigint | number;
  startedAt: Date;
  finishedAt: Date | null;
  user: PersonRef | null;
  apiTokenId: string | null;
}

function parseError(text: string | null): { type: string | null; message: string | null } | null {
  if (!text) return null;
  try {
    const e = JSON.parse(text) as { type?: unknown; message?: unknown };
    return {
      type: typeof e.type === "string" ? e.type : null,
      message: typeof e.message === "string" ? e.message : null,
    };
  } catch {
    return { type: null, message: text.slice(0, 2000) };
  }
}

/**
 * `run.finished` for every end of a top-level run (completed, failed, interrupted — a suspended
 * run has not ended), and `run.failed` too when it failed: the same `data`.
 */
export function runEndEvents(r: RunFacts, env?: Env): WebhookEvent[] {
  const finishedAt = r.finishedAt ?? new Date();
  const data = {
    runId: r.id,
    kind: r.kind,
    status: r.status,
    stopReason: r.stopReason,
    error: parseError(r.error),
    conversationId: r.conversationId,
    conversationTitle: r.conversationTitle,
    agent: r.agent,
    model: r.model,
    usage: {
      requests: r.requests,
      toolCalls: r.toolCalls,
      inputTokens: r.inputTokens,
      outputTokens: r.outputTokens,
      totalTokens: r.totalTokens,
    },
    costNanoUsd: Number(r.costNanoUsd),
    startedAt: r.startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: Math.max(0, finishedAt.getTime() - r.startedAt.getTime()),
    user: r.user,
    apiTokenId: r.apiTokenId,
    links: { conversation: links.conversation(r.conversationId, env), run: links.run(r.id, env) },
  };
  const events: WebhookEvent[] = [{ type: "run.finished", key: r.id, at: finishedAt, data }];
  if (r.status === "failed") events.push({ type: "run.failed", key: r.id, at: finishedAt, data });
  return events;
}

/** `budget.threshold` (a threshold below 100%) and `budget.exceeded` (100%), claimed once per window. */
export function budgetEvent(e: BudgetAlertEvent, env?: Env): WebhookEvent {
  return {
    type: e.type,
    key: `${e.budgetId}:${e.windowStart}:${e.threshold}`,
    at: new Date(e.at),
    data: {
      budgetId: e.budgetId,
      scope: e.scope,
      scopeId: e.scopeId,
      window: e.window,
      windowStart: e.windowStart,
      windowEnd: e.windowEnd,
      threshold: e.threshold,
      limit: e.limit,
      spent: e.spent,
      max: e.max,
      links: { budgets: links.budgets(env), costs: links.costs(env) },
    },
  };
}
