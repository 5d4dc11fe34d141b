/**
 * Conversations and runs as the API serves them: a conversation with its agent's active model and
 * roster, its active run and pending approvals, and its runs; a run with its events.
 */
import { NotFoundError } from "../errors";
import { modelRosterKey } from "../models/providers.shared";
import { getAgent } from "../agents/read-agent";
import { currentWorkspaceId } from "../db/workspace";
import type { Db } from "../db/client";
import type { StoredEvent } from "../events/event-types";
import { storedRunError } from "../events/stored-event";
import { readConversationEvents } from "./store/prisma-run-store";

export interface RunView {
  id: string;
  conversationId: string;
  agentId: string;
  kind: string;
  parentRunId: string | null;
  rootRunId: string | null;
  status: string;
  stopReason: string | null;
  error: { type: string; message: string } | null;
  model: string | null;
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Integer nano-USD. */
  costNanoUsd: number;
  startedAt: string;
  finishedAt: string | null;
}

export interface ConversationView {
  id: string;
  agentId: string;
  agentName: string;
  title: string | null;
  lastSeq: number;
  createdAt: string;
  updatedAt: string;
  activeRun: { id: string; status: string } | null;
  pendingApprovals: Array<{ id: string; toolName: string; toolCallId: string }>;
  /** The agent's active model (`provider:model`) and its roster keys ([] without a roster). */
  model: string;
  roster: string[];
  runs: RunView[];
}

type RunRow = Awaited<ReturnType<Db["run"]["findFirstOrThrow"]>>;

export function toRunView(r: RunRow): RunView {
  const error: RunView["error"] = storedRunError(r.error);
  return {
    id: r.id,
    conversationId: r.conversationId,
    agentId: r.agentId,
    kind: r.kind,
    parentRunId: r.parentRunId,
    rootRunId: r.rootRunId,
    status: r.status,
    stopReason: r.stopReason,
    error,
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

export async function createConversation(
  db: Db,
  input: { agentId: string; title?: string | null; createdById: string | null },
): Promise<ConversationView> {
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

export async function getConversationView(db: Db, id: string): Promise<ConversationView> {
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
    activeRun: active ? { id: active.id, status: active.status } : null,
    pendingApprovals: c.approvals,
    model: modelRosterKey(agent.model),
    roster: agent.roster.map(modelRosterKey),
    runs: c.runs.map(toRunView),
  };
}

export async function getRunView(
  db: Db,
  id: string,
): Promise<{ run: RunView & { agentName: string; childRunIds: string[] }; events: StoredEvent[] }> {
  const r = await db.run.findUnique({ where: { id } });
  if (!r) throw new NotFoundError(`No run with id '${id}'.`);
  const [agent, children, all] = await Promise.all([
    db.agent.findUnique({ where: { id: r.agentId }, select: { name: true } }),
    db.run.findMany({ where: { parentRunId: id }, orderBy: { startedAt: "asc" }, select: { id: true } }),
    readConversationEvents(db, r.conversationId),
  ]);
  return {
    run: { ...toRunView(r), agentName: agent?.name ?? "(deleted agent)", childRunIds: children.map((c) => c.id) },
    events: all.filter((e) => e.runId === id),
  };
}
