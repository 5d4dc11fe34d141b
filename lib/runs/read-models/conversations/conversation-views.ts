/**
 * Conversations and runs as the API serves them (the shapes: lib/events/conversation-views.shared.ts):
 * the conversations list; a conversation with the model its runs use (its own switch, else its
 * agent's active model) and its agent's roster, its active run and pending approvals, and its runs;
 * the runs list; a run with its events.
 */
import { NotFoundError } from "../../../errors";
import { modelRosterKey } from "../../../models/providers.shared";
import { getAgent } from "../../../agents/read-agent";
import { currentWorkspaceId } from "../../../db/workspace";
import type { Db } from "../../../db/client";
import type {
  ConversationDetail,
  ConversationSummary,
  RunDetail,
  RunSummary,
  RunView,
} from "./conversation-views.shared";
import type { RunKind, RunStatus, StopReason } from "../../../events/event-types";
import { storedRunError, toStoredEvent } from "../../../events/stored-event";
import { conversationModel } from "../../engine/conversation-model";

type RunRow = Awaited<ReturnType<Db["run"]["findFirstOrThrow"]>>;

/*
 * The run columns are strings; our code writes only the vocabularies' values (RunKind, RunStatus,
 * StopReason), so they are read back as those.
 */
const runKind = (r: { kind: string }) => r.kind as RunKind;
const runStatus = (r: { status: string }) => r.status as RunStatus;
const stopReason = (r: { stopReason: string | null }) => r.stopReason as StopReason | null;

export function toRunView(r: RunRow): RunView {
  return {
    id: r.id,
    conversationId: r.conversationId,
    agentId: r.agentId,
    kind: runKind(r),
    parentRunId: r.parentRunId,
    rootRunId: r.rootRunId,
    status: runStatus(r),
    stopReason: stopReason(r),
    error: storedRunError(r.error),
    model: r.model,
    requests: r.requests,
    toolCalls: r.toolCalls,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    totalTokens: r.totalTokens,
    costNanoUsd: Number(r.costNanoUsd),
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Conversations with their agent and last run, newest first. */
export async function listConversations(db: Db, limit = 100): Promise<ConversationSummary[]> {
  const rows = await db.conversation.findMany({
    orderBy: { updatedAt: "desc" },
    take: limit,
    include: {
      agent: { select: { name: true } },
      runs: { orderBy: { startedAt: "desc" }, take: 1, select: { status: true } },
      _count: { select: { runs: true, approvals: { where: { status: "pending" } } } },
    },
  });
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    agentId: c.agentId,
    agentName: c.agent.name,
    runs: c._count.runs,
    lastRunStatus: c.runs[0] ? runStatus(c.runs[0]) : null,
    pendingApprovals: c._count.approvals,
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/** Runs, newest first, for the traces list. */
export async function listRuns(db: Db, limit = 100): Promise<RunSummary[]> {
  const rows = await db.run.findMany({ orderBy: { startedAt: "desc" }, take: limit });
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    agentId: r.agentId,
    parentRunId: r.parentRunId,
    kind: runKind(r),
    status: runStatus(r),
    stopReason: stopReason(r),
    model: r.model,
    requests: r.requests,
    toolCalls: r.toolCalls,
    totalTokens: r.totalTokens,
    costNanoUsd: Number(r.costNanoUsd),
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}

export async function createConversation(
  db: Db,
  input: { agentId: string; title?: string | null; createdById: string | null },
): Promise<ConversationDetail> {
  const agent = await db.agent.findUnique({ where: { id: input.agentId }, select: { id: true, workspaceId: true } });
  if (!agent) throw new NotFoundError(`No agent with id '${input.agentId}'.`, { field: "agentId" });
  const row = await db.conversation.create({
    data: {
      workspaceId: agent.workspaceId ?? (await currentWorkspaceId(db)),
      agentId: agent.id,
      title: input.title ?? null,
      createdById: input.createdById,
    },
  });
  return getConversationView(db, row.id);
}

export async function getConversationView(db: Db, id: string): Promise<ConversationDetail> {
  const c = await db.conversation.findUnique({
    where: { id },
    include: {
      agent: { select: { name: true } },
      runs: { orderBy: { startedAt: "asc" } },
      approvals: {
        where: { status: "pending" },
        orderBy: { createdAt: "asc" },
        select: { id: true, toolName: true, toolCallId: true },
      },
    },
  });
  if (!c) throw new NotFoundError(`No conversation with id '${id}'.`);
  const agent = await getAgent(db, c.agentId);
  const active = [...c.runs].reverse().find((r) => r.status === "running" || r.status === "suspended");
  return {
    id: c.id,
    agentId: c.agentId,
    agentName: c.agent.name,
    title: c.title,
    lastSeq: c.lastSeq,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    // `active` was found by its status: running or suspended.
    activeRun: active ? { id: active.id, status: active.status as "running" | "suspended" } : null,
    pendingApprovals: c.approvals,
    // The model its next run uses: its own switch when it made one, else the agent's.
    model: modelRosterKey(conversationModel(agent, c.modelKey)),
    roster: agent.roster.map(modelRosterKey),
    runs: c.runs.map(toRunView),
  };
}

/** One run with its events, read by run (the `runId, seq` index), never the whole conversation. */
export async function getRunView(db: Db, id: string): Promise<RunDetail> {
  const r = await db.run.findUnique({ where: { id } });
  if (!r) throw new NotFoundError(`No run with id '${id}'.`);
  const [agent, children, rows] = await Promise.all([
    db.agent.findUnique({ where: { id: r.agentId }, select: { name: true } }),
    db.run.findMany({ where: { parentRunId: id }, orderBy: { startedAt: "asc" }, select: { id: true } }),
    db.event.findMany({
      where: { conversationId: r.conversationId, runId: id },
      orderBy: { seq: "asc" },
      select: { seq: true, runId: true, type: true, payload: true, createdAt: true },
    }),
  ]);
  return {
    run: { ...toRunView(r), agentName: agent?.name ?? "(deleted agent)", childRunIds: children.map((c) => c.id) },
    events: rows.map(toStoredEvent),
  };
}
