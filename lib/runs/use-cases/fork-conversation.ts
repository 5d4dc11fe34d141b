/**
 * Forking a conversation at a past event (POST …/fork, operators; docs/time-travel.md, "Fork"): a
 * new conversation of the same agent, context values and workspace, started by the caller, whose
 * log is a copy of the original's events 1…atSeq (seq, runId, type, payload and createdAt kept),
 * and whose workspace files (lib/workspace-files) are the original's as they were at atSeq.
 * No Run, UsageRecord or Approval row is copied — runs and their cost belong where they happened,
 * so dashboards and lifetime limits never count them twice.
 *
 * `atSeq` must be a fork point (lib/events/fork-points.shared.ts), else 400 `validation_error` with the valid
 * points near it (`validSeqs`). The fork runs `version`, a label's version, or the version the
 * original ran at atSeq; `modelKey` (checked as a model switch: 409 ModelSwitchError), or the model
 * the original used at atSeq. When either differs from what the copied log says, an
 * `AgentVersionChanged` / `ModelSwitched` (runId null) follows the copies. Tool state numbering
 * continues from the copies (`ToolStateSequence`). One transaction: a refusal creates nothing.
 * Audited as `conversation.fork`.
 */
import { branchModelKey } from "./branch-model";
import { resolveAgentVersion } from "../../agents/agent-labels";
import { contextValuesError, missingRequiredContext } from "../../agents/context-schema.shared";
import { versionContextSchema } from "../../agents/read-context-schema";
import { getAgent } from "../../agents/read-agent";
import { recordAudit } from "../../auth/audit-log";
import type { Principal } from "../../auth/roles";
import type { Db } from "../../db/client";
import { jsonColumn } from "../../db/json-column";
import { AppError } from "../../errors";
import type { EventData, StoredEvent } from "../../events/event-types";
import { toStoredEvent } from "../../events/stored-event";
import { modelRosterKey } from "../../models/providers.shared";
import { conversationModel } from "../engine/conversation-model";
import { forkPoints, nearestForkPoints } from "../../events/fork-points.shared";
import { agentVersionAt, modelKeyAt } from "../engine/state-at-seq";
import type { RunRuntime } from "../infra/runtime";
import type { ForkedFrom } from "../read-models/branches/branch-views.shared";
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";
import { copyConversationWorkspace } from "../../workspace-files/prisma-workspace-file-store";

export interface ForkInput {
  atSeq: number;
  version?: number;
  label?: string;
  modelKey?: string;
  title?: string;
}

/** 400 `validation_error` on `atSeq`, with the valid points near it. */
export class ForkPointError extends AppError {
  static override readonly kind: string = "ForkPointError";
  constructor(atSeq: number, reason: string, validSeqs: number[]) {
    const message = `atSeq: ${reason}; fork after a finished turn or an event between turns${
      validSeqs.length ? ` (valid near it: ${validSeqs.join(", ")})` : ""
    }`;
    super("validation_error", message, {
      issues: [{ path: "atSeq", message, code: "custom" }],
      atSeq,
      validSeqs,
    });
  }
}

const COPY_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };
const EVENT_COLUMNS = { seq: true, runId: true, type: true, payload: true, createdAt: true } as const;

/** The copied events' tool state numbering: the highest `toolSeq` of each tool. */
function toolSeqs(events: readonly StoredEvent[]): Map<string, number> {
  const last = new Map<string, number>();
  for (const e of events)
    if (e.type === "ToolStateEvent") last.set(e.data.toolId, Math.max(last.get(e.data.toolId) ?? 0, e.data.toolSeq));
  return last;
}

export async function forkConversation(
  rt: RunRuntime,
  originalId: string,
  input: ForkInput,
  actor: Principal,
): Promise<{ id: string; forkedFrom: ForkedFrom }> {
  const db = rt.db;
  const original = await db.conversation.findUnique({
    where: { id: originalId, deletedAt: null },
    select: {
      id: true,
      workspaceId: true,
      agentId: true,
      agentVersion: true,
      modelKey: true,
      title: true,
      context: true,
      lastSeq: true,
      agent: { select: { name: true } },
    },
  });
  if (!original) throw new ConversationNotFoundError(originalId);
  const { atSeq } = input;

  // The point: a run boundary or an event between turns of the log as it stands now.
  const rows = await db.event.findMany({
    where: { conversationId: original.id },
    orderBy: { seq: "asc" },
    select: EVENT_COLUMNS,
  });
  const events = rows.map(toStoredEvent);
  const points = forkPoints(events);
  if (atSeq > original.lastSeq)
    throw new ForkPointError(
      atSeq,
      `the conversation's last event is ${original.lastSeq}`,
      nearestForkPoints(points, atSeq),
    );
  if (!points.includes(atSeq))
    throw new ForkPointError(
      atSeq,
      `event ${atSeq} is inside a run (or a run waiting for approval)`,
      nearestForkPoints(points, atSeq),
    );

  // The version: asked for, a label's now, else the one the original ran at atSeq.
  const loggedVersion = agentVersionAt(events, atSeq, original.agentVersion);
  const target =
    input.version !== undefined || input.label !== undefined
      ? await resolveAgentVersion(db, original.agentId, { version: input.version, label: input.label })
      : { version: loggedVersion, label: null };
  const values = (original.context ?? {}) as Record<string, unknown>;
  const missing = missingRequiredContext(await versionContextSchema(db, original.agentId, target.version), values);
  if (missing.length)
    throw contextValuesError(
      missing.map((field) => ({
        field,
        message: `v${target.version} requires the context field ${field}, which this conversation has no value for (its context is fixed at its start)`,
      })),
    );

  // The model: asked for (checked as a switch), else the one the original used at atSeq.
  const [atConfig, config] = await Promise.all([
    getAgent(db, original.agentId, loggedVersion),
    target.version === loggedVersion ? null : getAgent(db, original.agentId, target.version),
  ]);
  const chosen = config ?? atConfig;
  const loggedKey = modelKeyAt(events, atSeq, original.modelKey);
  const loggedModel = modelRosterKey(conversationModel(atConfig, loggedKey));
  const modelKey = await branchModelKey(rt.deps, chosen, input.modelKey, loggedKey);
  const model = modelRosterKey(conversationModel(chosen, modelKey));

  const after: Array<{ type: "AgentVersionChanged" | "ModelSwitched"; data: object }> = [];
  if (target.version !== loggedVersion)
    after.push({
      type: "AgentVersionChanged",
      data: { from: loggedVersion, to: target.version, label: target.label } satisfies EventData["AgentVersionChanged"],
    });
  if (model !== loggedModel)
    after.push({ type: "ModelSwitched", data: { from: loggedModel, to: model } satisfies EventData["ModelSwitched"] });
  const title = input.title ?? `${original.title ?? original.agent.name} (fork)`;

  const id = await db.$transaction(async (tx) => {
    const fork = await tx.conversation.create({
      data: {
        workspaceId: original.workspaceId,
        agentId: original.agentId,
        agentVersion: target.version,
        modelKey,
        title,
        createdById: actor.id,
        context: jsonColumn(values),
        lastSeq: atSeq + after.length,
        forkedFromConversationId: original.id,
        forkedFromSeq: atSeq,
      },
      select: { id: true },
    });
    // The copies in one statement on the database's side (seq, runId, type, payload, createdAt kept):
    // a long log is not sent back and forth a row at a time.
    await tx.$executeRaw`
      INSERT INTO "Event" ("conversationId", "seq", "runId", "type", "payload", "createdAt")
      SELECT ${fork.id}, "seq", "runId", "type", "payload", "createdAt" FROM "Event"
      WHERE "conversationId" = ${original.id} AND "seq" <= ${atSeq}`;
    const now = new Date();
    if (after.length)
      await tx.event.createMany({
        data: after.map((e, i) => ({
          conversationId: fork.id,
          seq: atSeq + i + 1,
          runId: "",
          type: e.type,
          payload: jsonColumn(e.data),
          createdAt: now,
        })),
      });
    // A conversation-scope workspace as it was at atSeq (an agent-scope one is shared, not copied).
    await copyConversationWorkspace(tx as Db, original.id, fork.id, atSeq);
    const sequences = [...toolSeqs(events.filter((e) => e.seq <= atSeq))];
    if (sequences.length)
      await tx.toolStateSequence.createMany({
        data: sequences.map(([toolId, lastSeq]) => ({ toolId, conversationId: fork.id, lastSeq })),
      });
    await recordAudit(tx as Db, {
      actor,
      action: "conversation.fork",
      target: `conversation:${fork.id}`,
      details: {
        conversationId: fork.id,
        forkedFrom: original.id,
        atSeq,
        agentId: original.agentId,
        version: target.version,
        label: target.label,
        model,
      },
    });
    return fork.id;
    // A long log is copied in one go: give the copy more than the default five seconds.
  }, COPY_TRANSACTION);
  return { id, forkedFrom: { conversationId: original.id, seq: atSeq } };
}
