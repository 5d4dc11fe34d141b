/**
 * The events of the run path, read from the rows they describe (webhook-payloads.ts shapes them).
 * Conversations of eval experiments (`Conversation.experimentId` set) fire none.
 *
 * - `conversationEventsSince`: when a job of the run queue settles — a turn, command, replay or
 *   resume — or a suspended run was superseded: the conversation's pending approvals
 *   (`approval.requested`), the approvals decided since (`approval.decided`: a supersede denies) and
 *   its top-level runs that ended since (`run.finished`, `run.failed`). Ids are derived from what
 *   they are about, so an event noticed again (a takeover, a second job) is not sent twice.
 * - `approvalDecidedEvents`: after a decision.
 * - `runsEndedEvents`: runs ended outside a job (superseded, interrupted at a restart).
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import type { WebhookEvent } from "./webhook-message";
import {
  approvalDecidedEvent,
  approvalRequestedEvent,
  runEndEvents,
  type ApprovalFacts,
  type PersonRef,
  type RunFacts,
} from "./webhook-payloads";

const ENDED = ["completed", "failed", "interrupted"];

/**
 * Whether any endpoint is enabled: without one, nothing is read. One raw statement, asked after
 * every job (a model query through Prisma costs several times its CPU).
 */
async function anyEndpoint(db: Db): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`SELECT 1 AS "one" FROM "Webhook" WHERE "enabled" = true LIMIT 1`;
  return rows.length > 0;
}

async function conversationOf(db: Db, id: string) {
  return db.conversation.findUnique({
    where: { id },
    select: { id: true, title: true, experimentId: true, agentId: true, agent: { select: { name: true } } },
  });
}

async function people(db: Db, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (wanted.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } });
  return new Map(users.map((u) => [u.id, u.name]));
}

const person = (names: Map<string, string>, id: string | null | undefined): PersonRef | null =>
  id ? { id, name: names.get(id) ?? null } : null;

type ApprovalRow = Awaited<ReturnType<Db["approval"]["findFirstOrThrow"]>>;

async function approvalFacts(db: Db, rows: ApprovalRow[], conversationTitle: string | null, agentName: string | null) {
  const runs = await db.run.findMany({
    where: { id: { in: [...new Set(rows.map((a) => a.runId))] } },
    select: { id: true, agentId: true, agentVersion: true, userId: true, apiTokenId: true },
  });
  const runById = new Map(runs.map((r) => [r.id, r]));
  const names = await people(db, [...runs.map((r) => r.userId), ...rows.map((a) => a.decidedById)]);
  return rows.map((a): ApprovalFacts => {
    const run = runById.get(a.runId);
    return {
      id: a.id,
      conversationId: a.conversationId,
      conversationTitle,
      runId: a.runId,
      toolCallId: a.toolCallId,
      toolName: a.toolName,
      arguments: a.arguments,
      argumentsHash: a.argumentsHash,
      target: readJsonColumn<unknown>(a.target) ?? null,
      status: a.status,
      createdAt: a.createdAt,
      agent: { id: run?.agentId ?? "", name: agentName, version: run?.agentVersion ?? null },
      requestedBy: person(names, run?.userId),
      apiTokenId: run?.apiTokenId ?? null,
      decision: a.decision,
      reason: a.reason,
      decidedBy: a.decidedBy || a.decidedById ? { id: a.decidedById, name: a.decidedBy } : null,
      decidedAt: a.decidedAt,
    };
  });
}

async function runFacts(db: Db, where: Parameters<Db["run"]["findMany"]>[0]): Promise<RunFacts[]> {
  const runs = await db.run.findMany({ ...where, orderBy: { startedAt: "asc" } });
  if (runs.length === 0) return [];
  const conversations = await db.conversation.findMany({
    where: { id: { in: [...new Set(runs.map((r) => r.conversationId))] } },
    select: { id: true, title: true, experimentId: true },
  });
  const byId = new Map(conversations.map((c) => [c.id, c]));
  const agents = await db.agent.findMany({
    where: { id: { in: [...new Set(runs.map((r) => r.agentId))] } },
    select: { id: true, name: true },
  });
  const agentName = new Map(agents.map((a) => [a.id, a.name]));
  const names = await people(
    db,
    runs.map((r) => r.userId),
  );
  return runs
    .filter((r) => byId.has(r.conversationId) && !byId.get(r.conversationId)!.experimentId)
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      conversationId: r.conversationId,
      conversationTitle: byId.get(r.conversationId)?.title ?? null,
      agent: { id: r.agentId, name: agentName.get(r.agentId) ?? null, version: r.agentVersion },
      status: r.status,
      stopReason: r.stopReason,
      error: r.error,
      model: r.model,
      requests: r.requests,
      toolCalls: r.toolCalls,
      inputTokens: r.inputTokens,
      outputTokens: r.outputTokens,
      totalTokens: r.totalTokens,
      costNanoUsd: r.costNanoUsd,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      user: person(names, r.userId),
      apiTokenId: r.apiTokenId,
    }));
}

export async function conversationEventsSince(db: Db, conversationId: string, since: Date): Promise<WebhookEvent[]> {
  if (!(await anyEndpoint(db))) return [];
  const conversation = await conversationOf(db, conversationId);
  if (!conversation || conversation.experimentId) return [];
  const [pending, decided] = await Promise.all([
    db.approval.findMany({ where: { conversationId, status: "pending" }, orderBy: { createdAt: "asc" } }),
    db.approval.findMany({
      where: { conversationId, decision: { not: null }, decidedAt: { gte: since } },
      orderBy: { decidedAt: "asc" },
    }),
  ]);
  const title = conversation.title;
  const agentName = conversation.agent?.name ?? null;
  const requested = (await approvalFacts(db, pending, title, agentName)).map((a) => approvalRequestedEvent(a));
  const decisions = (await approvalFacts(db, decided, title, agentName)).map((a) => approvalDecidedEvent(a));
  const ended = await runFacts(db, {
    where: { conversationId, parentRunId: null, status: { in: ENDED }, finishedAt: { gte: since } },
  });
  return [...requested, ...decisions, ...ended.flatMap((r) => runEndEvents(r))];
}

export async function approvalDecidedEvents(db: Db, approvalId: string): Promise<WebhookEvent[]> {
  if (!(await anyEndpoint(db))) return [];
  const approval = await db.approval.findUnique({ where: { id: approvalId } });
  if (!approval || !approval.decision) return [];
  const conversation = await conversationOf(db, approval.conversationId);
  if (!conversation || conversation.experimentId) return [];
  const [facts] = await approvalFacts(db, [approval], conversation.title, conversation.agent?.name ?? null);
  return [approvalDecidedEvent(facts)];
}

export async function runsEndedEvents(db: Db, runIds: string[]): Promise<WebhookEvent[]> {
  if (runIds.length === 0 || !(await anyEndpoint(db))) return [];
  const ended = await runFacts(db, { where: { id: { in: runIds }, parentRunId: null, status: { in: ENDED } } });
  return ended.flatMap((r) => runEndEvents(r));
}
