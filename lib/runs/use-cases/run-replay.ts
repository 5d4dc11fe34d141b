/**
 * Executing a `replay` job (infra/queue/execute-job.ts; docs/time-travel.md, "Replay") under the
 * replay conversation's one lease: `replayStatus` queued → running, the original's log as it was
 * when the replay was accepted (events up to `throughSeq`) read into a record, its steps re-played
 * by the engine (engine/replay/replay-steps.ts) with every run's tool calls answered by the replay
 * middleware, then completed or failed. The failing turn's RunFinished carries the reason.
 *
 * Between turns the original's ModelSwitched is followed unless the replay was asked a `modelKey`
 * (a key that the replay's version cannot switch to is skipped), and its AgentVersionChanged unless
 * a version or label was asked (a version whose context schema the conversation does not satisfy is
 * skipped); each followed one is recorded on the replay as the same event (runId null).
 */
import { assertWithinBudgets } from "../../budgets/check-budgets";
import { missingRequiredContext } from "../../agents/context-schema.shared";
import { readJsonColumn } from "../../db/json-column";
import { ModelSwitchError } from "../../agents/model-switch-error";
import { versionContextSchema } from "../../agents/read-context-schema";
import { getAgent } from "../../agents/read-agent";
import { switchModel } from "../../agents/switch-model";
import { newEvent } from "../../events/event-types";
import { modelRosterKey } from "../../models/providers.shared";
import { conversationModel } from "../engine/conversation-model";
import type { TurnResult } from "../engine/execute-turn";
import { replayRecord, type ReplayStep } from "../engine/replay/replay-record";
import { replaySteps, type ReplayOutcome } from "../engine/replay/replay-steps";
import { errorRecord } from "../engine/run-errors";
import { ReplaySession } from "../engine/tool-dispatch/replay";
import type { ActiveTurn } from "../infra/active-runs";
import type { RunJob } from "../infra/queue/run-job";
import type { RunRuntime } from "../infra/runtime";
import { setReplayStatus } from "../infra/store/replay-status";

type ReplayJob = Extract<RunJob, { kind: "replay" }>;

export async function runReplay(rt: RunRuntime, job: ReplayJob, turn: ActiveTurn): Promise<TurnResult | null> {
  const conversation = await rt.db.conversation.findUnique({
    where: { id: job.conversationId },
    select: { agentId: true, deletedAt: true },
  });
  if (!conversation) return null;
  // Deleted before it started: nothing is replayed into a conversation nobody can see.
  if (conversation.deletedAt) {
    await setReplayStatus(rt.db, job.conversationId, "failed");
    return null;
  }
  if (!(await setReplayStatus(rt.db, job.conversationId, "running"))) return null;
  let outcome: ReplayOutcome;
  try {
    const events = (await rt.deps.store.conversationEvents(job.originalId)).filter((e) => e.seq <= job.throughSeq);
    const session = new ReplaySession(replayRecord(events), job.toolResults);
    outcome = await replaySteps(
      {
        conversationId: job.conversationId,
        agentId: conversation.agentId,
        actor: job.actor,
        signal: turn.controller.signal,
        session,
        onRunStart: (runId) => turn.runIds.push(runId),
      },
      rt.deps,
      {
        // A replayed turn is about to start: a spent budget fails the replay there (docs/budgets.md).
        beforeTurn: () =>
          assertWithinBudgets(rt.db, {
            agentId: conversation.agentId,
            userId: job.actor.id,
            apiTokenId: job.actor.apiTokenId ?? null,
          }),
        ...(job.followModel ? { switchModel: (step) => followModelSwitch(rt, job.conversationId, step) } : {}),
        ...(job.followVersion ? { changeVersion: (step) => followVersionChange(rt, job.conversationId, step) } : {}),
      },
    );
  } catch (err) {
    outcome = { status: "failed", error: errorRecord(err), turns: [] };
  }
  await setReplayStatus(rt.db, job.conversationId, outcome.status);
  if (outcome.status === "failed")
    rt.logger.warn({ conversationId: job.conversationId, error: outcome.error }, "replay failed");
  return outcome.turns.at(-1) ?? null;
}

/** The original switched its model here: the replay switches too, when its version's roster allows. */
async function followModelSwitch(rt: RunRuntime, conversationId: string, step: Extract<ReplayStep, { kind: "model" }>) {
  const conversation = await rt.db.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { agentId: true, agentVersion: true, modelKey: true },
  });
  const agent = await getAgent(rt.db, conversation.agentId, conversation.agentVersion);
  const before = modelRosterKey(conversationModel(agent, conversation.modelKey));
  if (before === step.to) return;
  try {
    await switchModel(agent, step.to, { build: (entry) => rt.deps.models(entry, agent.runtime.http) });
  } catch (err) {
    if (ModelSwitchError.is(err)) {
      rt.logger.info({ conversationId, to: step.to }, "replay: the original's model switch does not apply here");
      return;
    }
    throw err;
  }
  await rt.db.conversation.update({ where: { id: conversationId }, data: { modelKey: step.to } });
  await rt.deps.store.appendEvents(conversationId, [
    { event: newEvent(null, "ModelSwitched", { from: before, to: step.to }) },
  ]);
}

/** The original moved to another version here: the replay moves too (when the version exists and fits its context). */
async function followVersionChange(
  rt: RunRuntime,
  conversationId: string,
  step: Extract<ReplayStep, { kind: "version" }>,
) {
  const conversation = await rt.db.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { agentId: true, agentVersion: true, context: true },
  });
  if (conversation.agentVersion === step.to) return;
  const exists = await rt.db.agentVersion.findUnique({
    where: { agentId_version: { agentId: conversation.agentId, version: step.to } },
    select: { version: true },
  });
  const values = readJsonColumn<Record<string, unknown> | null>(conversation.context) ?? {};
  const missing = exists
    ? missingRequiredContext(await versionContextSchema(rt.db, conversation.agentId, step.to), values)
    : ["(no such version)"];
  if (missing.length) {
    rt.logger.info(
      { conversationId, to: step.to, missing },
      "replay: the original's version change does not apply here",
    );
    return;
  }
  await rt.db.conversation.update({ where: { id: conversationId }, data: { agentVersion: step.to } });
  await rt.deps.store.appendEvents(conversationId, [
    {
      event: newEvent(null, "AgentVersionChanged", { from: conversation.agentVersion, to: step.to, label: step.label }),
    },
  ]);
}
