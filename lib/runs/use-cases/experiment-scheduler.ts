/**
 * The scheduler of an experiment (docs/evals.md, "Experiments"): keeps at most `concurrency` of
 * its cases running. It runs when the experiment starts and again whenever one of its cases
 * settles, in the process that submitted that case (the case's job may run elsewhere: in queue
 * mode on a worker, whose release of the claim settles the job here). When that process stopped,
 * resume-experiments.ts runs it again (at start, and from queue workers' sweep).
 *
 * Each pass: a cancelled experiment starts nothing; otherwise queued entries are claimed one at a
 * time (`queued → running`, a conditional update only one pass wins), each gets its conversation
 * (`experimentId` set, titled by its first message, with the case's context values checked against
 * the version's context schema) and one `experiment-case` job on the run queue
 * (run-experiment-case.ts). When no entry is queued or running the experiment is `completed`.
 * Passes over one experiment are serialised in a process; across processes a burst of settling
 * cases can start one or two more than `concurrency` for a moment (known limit).
 */
import { checkContextValues } from "../../agents/context-schema.shared";
import { versionContextSchema } from "../../agents/read-context-schema";
import { jsonColumn, readJsonColumn } from "../../db/json-column";
import type { Case } from "../../evals/dataset.shared";
import { caseTitle } from "../../evals/read-experiments";
import type { RunActor } from "../engine/ports";
import { errorRecord } from "../engine/run-errors";
import { newLeaseToken } from "../infra/queue/run-lease";
import { submitJob } from "../infra/queue/submit-job";
import { failCase } from "./experiment-case-rows";
import type { RunRuntime } from "../infra/runtime";

const passes = new WeakMap<RunRuntime, Map<string, Promise<void>>>();

/** Starts what the experiment has room for; settles when the pass is over (never rejects). */
export function pumpExperiment(rt: RunRuntime, experimentId: string, actor: RunActor): Promise<void> {
  let byId = passes.get(rt);
  if (!byId) passes.set(rt, (byId = new Map()));
  const previous = byId.get(experimentId) ?? Promise.resolve();
  const pass = previous
    .then(() => pumpOnce(rt, experimentId, actor))
    .catch((err) => rt.logger.error({ err, experimentId }, "experiment scheduler failed"));
  byId.set(experimentId, pass);
  void pass.finally(() => {
    if (byId.get(experimentId) === pass) byId.delete(experimentId);
  });
  return pass;
}

async function pumpOnce(rt: RunRuntime, experimentId: string, actor: RunActor): Promise<void> {
  const { db } = rt;
  const experiment = await db.experiment.findUnique({ where: { id: experimentId } });
  if (!experiment || !["queued", "running"].includes(experiment.status) || experiment.cancelRequestedAt) return;
  let free = experiment.concurrency - (await db.experimentCase.count({ where: { experimentId, status: "running" } }));
  let cases: Case[] | null = null;
  while (free > 0) {
    const next = await db.experimentCase.findFirst({
      where: { experimentId, status: "queued" },
      orderBy: [{ repetition: "asc" }, { index: "asc" }],
    });
    if (!next) break;
    const { count } = await db.experimentCase.updateMany({
      where: { experimentId, index: next.index, repetition: next.repetition, status: "queued" },
      data: { status: "running", startedAt: new Date() },
    });
    if (count === 0) continue;
    free -= 1;
    if (experiment.status === "queued")
      await db.experiment.updateMany({
        where: { id: experimentId, status: "queued" },
        data: { status: "running", startedAt: new Date() },
      });
    cases ??= await revisionCases(rt, experiment.datasetId, experiment.datasetRevision);
    let started = false;
    try {
      started = await startCase(rt, experiment, next, cases[next.index], actor);
    } catch (err) {
      await failCase(rt, experimentId, next, errorRecord(err));
    }
    // An entry that failed before it ran holds no slot.
    if (!started) free += 1;
  }
  const open = await db.experimentCase.count({ where: { experimentId, status: { in: ["queued", "running"] } } });
  if (open === 0)
    await db.experiment.updateMany({
      where: { id: experimentId, status: { in: ["queued", "running"] }, cancelRequestedAt: null },
      data: { status: "completed", finishedAt: new Date() },
    });
}

async function revisionCases(rt: RunRuntime, datasetId: string, revision: number): Promise<Case[]> {
  const row = await rt.db.datasetRevision.findUnique({
    where: { datasetId_revision: { datasetId, revision } },
    select: { cases: true },
  });
  return row ? (readJsonColumn<Case[]>(row.cases) ?? []) : [];
}

type ExperimentRow = NonNullable<Awaited<ReturnType<RunRuntime["db"]["experiment"]["findUnique"]>>>;
type CaseKey = { index: number; repetition: number };

/** The entry's conversation and its job; a case whose context the version refuses fails here. */
async function startCase(
  rt: RunRuntime,
  experiment: ExperimentRow,
  entry: CaseKey,
  evalCase: Case | undefined,
  actor: RunActor,
): Promise<boolean> {
  const { db } = rt;
  if (!evalCase) {
    await failCase(rt, experiment.id, entry, {
      type: "CaseMissing",
      message: `the dataset's revision ${experiment.datasetRevision} has no case ${entry.index}`,
    });
    return false;
  }
  const schema = await versionContextSchema(db, experiment.agentId, experiment.agentVersion);
  const checked = checkContextValues(schema, evalCase.context);
  if (!checked.ok) {
    await failCase(rt, experiment.id, entry, {
      type: "validation_error",
      message: `the case's context does not fit v${experiment.agentVersion}: ${checked.issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`,
    });
    return false;
  }
  const conversation = await db.conversation.create({
    data: {
      workspaceId: experiment.workspaceId,
      agentId: experiment.agentId,
      agentVersion: experiment.agentVersion,
      title: caseTitle(evalCase),
      createdById: experiment.createdById,
      context: jsonColumn(checked.values),
      experimentId: experiment.id,
    },
    select: { id: true },
  });
  await db.experimentCase.update({
    where: {
      experimentId_index_repetition: { experimentId: experiment.id, index: entry.index, repetition: entry.repetition },
    },
    data: { conversationId: conversation.id },
  });
  rt.writer.prime(conversation.id, 0);
  const submitted = await submitJob(rt, {
    kind: "experiment-case",
    conversationId: conversation.id,
    token: newLeaseToken(),
    experimentId: experiment.id,
    index: entry.index,
    repetition: entry.repetition,
    actor: {
      id: actor.id,
      name: actor.name,
      roles: actor.roles,
      apiTokenId: actor.apiTokenId ?? null,
    },
  });
  if (!submitted) throw new Error(`the case's new conversation ${conversation.id} is claimed already`);
  // The next pass when the case settles — here in one process; in queue mode a worker runs it and
  // its claim's release settles this `done` (infra/queue/wait-settled.ts).
  void submitted.done
    .catch((err) => rt.logger.error({ err, conversationId: conversation.id }, "eval case failed"))
    .finally(() => pumpExperiment(rt, experiment.id, actor));
  return true;
}
