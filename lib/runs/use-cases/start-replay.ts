/**
 * Accepting a replay (POST /api/conversations/{id}/replay, operators; docs/time-travel.md, "Replay"):
 * every refusal happens before anything is created —
 * - 404: no such conversation (or deleted), or no such version or label;
 * - 409 `RunInProgress` / `RunSuspended`: the original has a run executing, a claim, or a run
 *   waiting for approval (a replay re-plays a settled log only);
 * - 400 `validation_error`: the original has no user message, or the version's context schema
 *   requires a field the original has no value for;
 * - 409 `ModelSwitchError`: `modelKey` is not in the version's roster (or does not build).
 * Then a new conversation of the same agent and context values is created (`replayOfId`,
 * `replayToolResults`, `replayStatus: "queued"`, title "<original> (replay)"), audited as
 * `conversation.replay`, and one `replay` job is submitted on it (infra/queue/submit-job.ts): the
 * route answers 202 with its id at once, and the job (use-cases/run-replay.ts) re-plays the steps.
 *
 * Version: `version`, `label`'s version now, else the version the original started on. Model:
 * `modelKey` (the original's switches are then not followed), else the model the original's first
 * turn asked for when that version's roster still has it (its switches are followed later).
 */
import { branchModelKey } from "./branch-model";
import { assertWithinBudgets } from "../../budgets/check-budgets";
import { resolveAgentVersion } from "../../agents/agent-labels";
import { contextValuesError, missingRequiredContext } from "../../agents/context-schema.shared";
import { versionContextSchema } from "../../agents/read-context-schema";
import { getAgent } from "../../agents/read-agent";
import { recordAudit } from "../../auth/audit-log";
import { jsonColumn, readJsonColumn } from "../../db/json-column";
import { AppError } from "../../errors";
import { modelRosterKey } from "../../models/providers.shared";
import { conversationModel } from "../engine/conversation-model";
import type { RunActor } from "../engine/ports";
import { replayRecord } from "../engine/replay/replay-record";
import { RunInProgressError, RunSuspendedError } from "../engine/run-errors";
import { claimedRunId, newLeaseToken } from "../infra/queue/run-lease";
import type { RunJob } from "../infra/queue/run-job";
import { submitJob } from "../infra/queue/submit-job";
import type { RunRuntime } from "../infra/runtime";
import type { ReplayToolResults } from "../read-models/branches/branch-views.shared";
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";

export interface ReplayRequest {
  conversationId: string;
  version?: number;
  label?: string;
  modelKey?: string;
  toolResults: ReplayToolResults;
  title?: string;
  actor: RunActor & { id: string; name: string };
}

/** 400 `validation_error`: the original has no user message to re-send. */
export class NothingToReplayError extends AppError {
  static override readonly kind: string = "NothingToReplayError";
  constructor(conversationId: string) {
    const message = `Conversation ${conversationId} has no user message: there is nothing to replay.`;
    super("validation_error", message, { issues: [{ path: "id", message, code: "custom" }] });
  }
}

export async function startReplay(rt: RunRuntime, request: ReplayRequest): Promise<{ id: string }> {
  const { db } = rt;
  const original = await db.conversation.findUnique({
    where: { id: request.conversationId, deletedAt: null },
    select: {
      id: true,
      workspaceId: true,
      agentId: true,
      agentVersion: true,
      title: true,
      context: true,
      agent: { select: { name: true } },
    },
  });
  if (!original) throw new ConversationNotFoundError(request.conversationId);

  // A settled log only: nothing executing, claimed or waiting for approval.
  const open = await db.run.findFirst({
    where: { conversationId: original.id, status: { in: ["running", "suspended"] } },
    orderBy: { startedAt: "desc" },
    select: { id: true, status: true },
  });
  if (open?.status === "running") throw new RunInProgressError(open.id);
  if (open) {
    const approvals = await db.approval.findMany({
      where: { conversationId: original.id, status: { in: ["pending", "approved", "executing"] } },
      orderBy: { createdAt: "asc" },
      select: { id: true, toolName: true, toolCallId: true },
    });
    throw new RunSuspendedError(open.id, approvals);
  }
  if (await db.runLease.findUnique({ where: { conversationId: original.id }, select: { token: true } }))
    throw new RunInProgressError(await claimedRunId(db, original.id));

  const events = await rt.deps.store.conversationEvents(original.id);
  const record = replayRecord(events);
  if (record.turns === 0) throw new NothingToReplayError(original.id);
  const throughSeq = events.at(-1)?.seq ?? 0;

  const asked = request.version !== undefined || request.label !== undefined;
  const target = asked
    ? await resolveAgentVersion(db, original.agentId, { version: request.version, label: request.label })
    : await resolveAgentVersion(db, original.agentId, { version: record.startVersion ?? original.agentVersion });
  const values = readJsonColumn<Record<string, unknown> | null>(original.context) ?? {};
  const missing = missingRequiredContext(await versionContextSchema(db, original.agentId, target.version), values);
  if (missing.length)
    throw contextValuesError(
      missing.map((field) => ({
        field,
        message: `v${target.version} requires the context field ${field}, which the original conversation has no value for`,
      })),
    );

  const config = await getAgent(db, original.agentId, target.version);
  let modelKey = await branchModelKey(rt.deps, config, request.modelKey, record.startModel);
  if (modelKey === modelRosterKey(config.model)) modelKey = null;

  // A replay's turns spend like any turn: a spent budget refuses it before anything is created
  // (and each replayed turn is checked again as it starts, use-cases/run-replay.ts).
  await assertWithinBudgets(db, {
    agentId: original.agentId,
    userId: request.actor.id,
    apiTokenId: request.actor.apiTokenId ?? null,
  });

  const title = request.title ?? `${original.title ?? original.agent.name} (replay)`;
  const replay = await db.conversation.create({
    data: {
      workspaceId: original.workspaceId,
      agentId: original.agentId,
      agentVersion: target.version,
      modelKey,
      title,
      createdById: request.actor.id,
      context: jsonColumn(values),
      replayOfId: original.id,
      replayToolResults: request.toolResults,
      replayStatus: "queued",
    },
    select: { id: true },
  });
  await recordAudit(db, {
    actor: request.actor,
    action: "conversation.replay",
    target: `conversation:${replay.id}`,
    details: {
      conversationId: replay.id,
      replayOf: original.id,
      throughSeq,
      agentId: original.agentId,
      version: target.version,
      label: target.label,
      model: modelRosterKey(conversationModel(config, modelKey)),
      toolResults: request.toolResults,
    },
  });

  rt.writer.prime(replay.id, 0);
  const job: RunJob = {
    kind: "replay",
    conversationId: replay.id,
    token: newLeaseToken(),
    originalId: original.id,
    throughSeq,
    toolResults: request.toolResults,
    followModel: request.modelKey === undefined,
    followVersion: !asked,
    actor: {
      id: request.actor.id,
      name: request.actor.name,
      roles: request.actor.roles,
      apiTokenId: request.actor.apiTokenId ?? null,
    },
  };
  const submitted = await submitJob(rt, job);
  // A conversation created a moment ago has no claim: a refusal here is a bug, not a user's race.
  if (!submitted) throw new RunInProgressError(await claimedRunId(db, replay.id));
  void submitted.done.catch((err) => rt.logger.error({ err, conversationId: replay.id }, "replay failed"));
  return { id: replay.id };
}
