/**
 * Runs as the API serves them (the shapes: ../conversations/conversation-views.shared.ts): one run
 * with its events, and the row-to-view mapping the conversation view shares (the runs list:
 * list-runs.ts).
 */
import { NotFoundError } from "../../../errors";
import type { Db } from "../../../db/client";
import type { RunDetail, RunView } from "../conversations/conversation-views.shared";
import type { RunKind, RunStatus, StopReason } from "../../../events/event-types";
import { storedRunError, toStoredEvent } from "../../../events/stored-event";

type RunRow = Awaited<ReturnType<Db["run"]["findFirstOrThrow"]>>;

/*
 * The run columns are strings; our code writes only the vocabularies' values (RunKind, RunStatus,
 * StopReason), so they are read back as those.
 */
const runKind = (r: { kind: string }) => r.kind as RunKind;
export const runStatus = (r: { status: string }) => r.status as RunStatus;
const stopReason = (r: { stopReason: string | null }) => r.stopReason as StopReason | null;

export function toRunView(r: RunRow): RunView {
  return {
    id: r.id,
    conversationId: r.conversationId,
    agentId: r.agentId,
    agentVersion: r.agentVersion,
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

/** One run with its events, read by run (the `runId, seq` index), never the whole conversation. */
export async function getRunView(db: Db, id: string): Promise<RunDetail> {
  // A deleted conversation's runs keep their usage but show no events: 404 like the conversation.
  const r = await db.run.findUnique({ where: { id, conversation: { deletedAt: null } } });
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
