/**
 * The run engine's store port on Prisma: events through the batched writer
 * (lib/events/event-writer.ts), runs, approvals, lifetime usage from stored rows, tool-state
 * sequences, audit and the memory tool's files.
 */
import { toStoredEvent, type EventRow } from "../../../events/stored-event";
import { recordAudit, type AuditAction } from "../../../auth/audit-log";
import type { Db } from "../../../db/client";
import { experimentConversationsOf } from "../../../evals/experiment-conversations";
import { jsonColumn } from "../../../db/json-column";
import { prismaMemoryFileStore } from "../../../db/memory-file-store";
import { prismaWorkspaceFileStore } from "../../../workspace-files/prisma-workspace-file-store";
import type { StoredEvent } from "../../../events/event-types";
import type { EventWriter } from "../../../events/event-writer";
import type { RunStore } from "../../engine/ports";

export { toStoredEvent };

export async function readConversationEvents(
  db: Db,
  conversationId: string,
  afterSeq = 0,
  limit?: number,
): Promise<StoredEvent[]> {
  // A raw read (the same columns, JSON and times as the model query answers them) at a third of
  // the model query's CPU: every turn and resume reads its conversation's log.
  const rows = limit
    ? await db.$queryRaw<EventRow[]>`
        SELECT "seq", "runId", "type", "payload", "createdAt" FROM "Event"
        WHERE "conversationId" = ${conversationId} AND "seq" > ${afterSeq} ORDER BY "seq" ASC LIMIT ${limit}`
    : await db.$queryRaw<EventRow[]>`
        SELECT "seq", "runId", "type", "payload", "createdAt" FROM "Event"
        WHERE "conversationId" = ${conversationId} AND "seq" > ${afterSeq} ORDER BY "seq" ASC`;
  return rows.map(toStoredEvent);
}

export function createPrismaRunStore(db: Db, writer: EventWriter): RunStore {
  return {
    appendEvents: (conversationId, entries) => writer.append(conversationId, entries),
    conversationEvents: (conversationId) => readConversationEvents(db, conversationId),
    // The run's row rides in the writer's transaction (lib/events/run-rows.ts): its insert with the
    // run's first events, its end with RunFinished — no query and no commit of their own.
    createRun: (run) =>
      writer.insertRun({
        id: run.id,
        conversationId: run.conversationId,
        agentId: run.agentId,
        agentVersion: run.agentVersion ?? null,
        parentRunId: run.parentRunId,
        parentToolCallId: run.parentToolCallId ?? null,
        kind: run.kind,
        rootRunId: run.rootRunId,
        depth: run.depth,
        model: run.model,
        userId: run.userId ?? null,
        apiTokenId: run.apiTokenId ?? null,
      }),
    finishRun: (runId, f) =>
      writer.endRun(runId, {
        status: f.status,
        stopReason: f.stopReason,
        error: f.error ? JSON.stringify(f.error) : null,
        model: f.model,
        requests: f.usage.requests,
        toolCalls: f.usage.toolCalls,
        inputTokens: f.usage.inputTokens,
        outputTokens: f.usage.outputTokens,
        totalTokens: f.usage.totalTokens,
        costNanoUsd: f.costNanoUsd,
      }),
    async conversationContext(conversationId) {
      // A raw read: a quarter of the model query's CPU (this runs at the head of every turn).
      const rows = await db.$queryRaw<Array<{ context: unknown }>>`
        SELECT "context" FROM "Conversation" WHERE "id" = ${conversationId}`;
      const value = rows[0]?.context;
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    },
    async agentLifetimeUsage(agentId) {
      // Eval runs (conversations of an experiment) never count toward an agent's lifetime limits.
      const evalConversations = await experimentConversationsOf(db, agentId);
      const [runs, sums] = await Promise.all([
        db.run.count({ where: { agentId, conversation: { experimentId: null } } }),
        db.usageRecord.aggregate({
          where: { agentId, ...(evalConversations.length ? { conversationId: { notIn: evalConversations } } : {}) },
          _sum: { inputTokens: true, outputTokens: true, totalTokens: true },
        }),
      ]);
      return {
        runs,
        inputTokens: sums._sum.inputTokens ?? 0,
        outputTokens: sums._sum.outputTokens ?? 0,
        totalTokens: sums._sum.totalTokens ?? 0,
      };
    },
    async createApproval(a) {
      const row = await db.approval.create({
        data: {
          conversationId: a.conversationId,
          runId: a.runId,
          toolCallId: a.toolCallId,
          toolName: a.toolName,
          arguments: a.arguments as never,
          argumentsHash: a.argumentsHash,
          ...(a.target ? { target: jsonColumn(a.target) } : {}),
        },
        select: { id: true },
      });
      return row;
    },
    async reserveToolSeqs(toolId, conversationId, count) {
      const row = await db.toolStateSequence.upsert({
        where: { toolId_conversationId: { toolId, conversationId } },
        create: { toolId, conversationId, lastSeq: count },
        update: { lastSeq: { increment: count } },
        select: { lastSeq: true },
      });
      return row.lastSeq - count + 1;
    },
    async audit(entry) {
      await recordAudit(db, {
        actor: { id: entry.actorId, name: entry.actor ?? "unknown" },
        action: entry.action as AuditAction,
        target: entry.target ?? undefined,
        details: entry.details,
      });
    },
    memoryFiles: (agentId) => prismaMemoryFileStore(db, agentId),
    workspaceFiles: (ref, conversationId) => prismaWorkspaceFileStore(db, ref, conversationId),
  };
}

export type { EventRow };
