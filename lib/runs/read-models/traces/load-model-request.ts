/**
 * One model request of a run, read for the trace (`GET /api/runs/:id/requests/:seq`): the run, the
 * conversation's events up to the request (its context is a fold over all of them), the run's agent
 * version and the definitions of the tools it offered; reconstruct-request.ts rebuilds the rest.
 */
import type { Db } from "../../../db/client";
import { NotFoundError } from "../../../errors";
import type { EventOf } from "../../../events/event-types";
import { toStoredEvent } from "../../../events/stored-event";
import { RECONSTRUCTED_NOTICE, type ModelRequestView } from "./model-request.shared";
import { offeredToolDefinitions } from "./offered-tool-definitions";
import { reconstructRequest } from "./reconstruct-request";
import { settingsFor } from "./request-settings";

export async function getModelRequest(db: Db, runId: string, seq: number): Promise<ModelRequestView> {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { id: true, conversationId: true, agentId: true, agentVersion: true },
  });
  if (!run) throw new NotFoundError(`No run with id '${runId}'.`);
  const rows = await db.event.findMany({
    where: { conversationId: run.conversationId, seq: { lte: seq } },
    orderBy: { seq: "asc" },
    select: { seq: true, runId: true, type: true, payload: true, createdAt: true },
  });
  const events = rows.map(toStoredEvent);
  const rebuilt = reconstructRequest(events, runId, seq);
  if (!rebuilt)
    throw new NotFoundError(
      `Event ${seq} is not a model request of run '${runId}' (a compaction's summarizer request is shown on its compaction).`,
    );

  const started = events.find((e): e is EventOf<"RunStarted"> => e.type === "RunStarted" && e.runId === runId);
  const agentId = rebuilt.agentId ?? run.agentId;
  const version = run.agentVersion ?? started?.data.agentVersion ?? null;
  const [agent, versionRow, conversation] = await Promise.all([
    db.agent.findUnique({ where: { id: agentId }, select: { name: true } }),
    version !== null
      ? db.agentVersion.findUnique({ where: { agentId_version: { agentId, version } }, select: { config: true } })
      : null,
    db.conversation.findUnique({ where: { id: run.conversationId }, select: { context: true } }),
  ]);
  const config: unknown = versionRow?.config ?? null;
  const usage = rebuilt.usage.data;
  const answeredBy = `${usage.provider}:${usage.model}`;
  const tools =
    rebuilt.offeredTools === null
      ? null
      : await offeredToolDefinitions(db, {
          names: rebuilt.offeredTools,
          versionConfig: config,
          followedTools: started?.data.followedTools ?? [],
          context: (conversation?.context ?? {}) as Record<string, unknown>,
        });
  const fallback = !!usage.requestedModel && usage.requestedModel !== answeredBy;
  return {
    reconstructed: true,
    notice: RECONSTRUCTED_NOTICE,
    runId,
    seq,
    conversationId: run.conversationId,
    agent: { id: agentId, name: agent?.name ?? "(deleted agent)", version },
    requestedModel: usage.requestedModel,
    answeredBy,
    settings: config ? settingsFor(config, usage.requestedModel) : null,
    answeredSettings: config && fallback ? settingsFor(config, answeredBy) : null,
    request: { messages: rebuilt.messages, contextBlocks: rebuilt.contextBlocks, tools },
    response: {
      ...rebuilt.response,
      usage: {
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        cacheReadTokens: usage.cacheReadTokens ?? 0,
        cacheWriteTokens: usage.cacheWriteTokens ?? 0,
        totalTokens: usage.totalTokens,
        costNanoUsd: usage.costNanoUsd,
        priced: usage.priced,
      },
      durationMs: usage.durationMs ?? null,
    },
  };
}
