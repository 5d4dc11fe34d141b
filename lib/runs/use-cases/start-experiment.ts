/**
 * Starting an experiment (POST /api/experiments, operators; docs/evals.md, "Experiments"): every
 * refusal before anything is created —
 * - 404: no such dataset or agent, or no such version or label;
 * - 400 `validation_error`: the dataset's current revision has no case;
 * - 402 `BudgetExceeded`: a budget covering the agent, the user or the token is spent.
 * The version is `version`, `label`'s version now, or (neither) `production` — the latest while it
 * is unset — as for a new conversation. The experiment records the dataset's current revision and
 * gets one `ExperimentCase` row per (case index, repetition), all `queued`; it is audited as
 * `experiment.start`, and the scheduler (experiment-scheduler.ts) starts its first cases at once.
 */
import { resolveAgentVersion } from "../../agents/agent-labels";
import { recordAudit } from "../../auth/audit-log";
import { assertWithinBudgets } from "../../budgets/check-budgets";
import { readJsonColumn } from "../../db/json-column";
import { AppError, NotFoundError } from "../../errors";
import type { Case } from "../../evals/dataset.shared";
import { requireDataset } from "../../evals/read-datasets";
import type { RunActor } from "../engine/ports";
import type { RunRuntime } from "../infra/runtime";
import { pumpExperiment } from "./experiment-scheduler";

export const DEFAULT_EXPERIMENT_CONCURRENCY = 4;

export interface ExperimentRequest {
  datasetId: string;
  agentId: string;
  version?: number;
  label?: string;
  concurrency?: number;
  repetitions?: number;
  actor: RunActor & { id: string; name: string };
}

/** 400 `validation_error`: there is nothing to run. */
export class EmptyDatasetError extends AppError {
  static override readonly kind: string = "EmptyDatasetError";
  constructor(name: string, revision: number) {
    const message = `The dataset '${name}' has no case at revision ${revision}: there is nothing to run.`;
    super("validation_error", message, { issues: [{ path: "datasetId", message, code: "custom" }] });
  }
}

export async function startExperiment(rt: RunRuntime, request: ExperimentRequest): Promise<{ id: string }> {
  const { db } = rt;
  const dataset = await requireDataset(db, request.datasetId);
  const agent = await db.agent.findUnique({ where: { id: request.agentId }, select: { id: true, workspaceId: true } });
  if (!agent || agent.workspaceId !== dataset.workspaceId)
    throw new NotFoundError(`No agent with id '${request.agentId}'.`, { field: "agentId" });
  const target = await resolveAgentVersion(db, agent.id, { version: request.version, label: request.label });
  const revision = await db.datasetRevision.findUniqueOrThrow({
    where: { datasetId_revision: { datasetId: dataset.id, revision: dataset.currentRevision } },
    select: { cases: true },
  });
  const cases = readJsonColumn<Case[]>(revision.cases) ?? [];
  if (cases.length === 0) throw new EmptyDatasetError(dataset.name, dataset.currentRevision);
  await assertWithinBudgets(db, {
    agentId: agent.id,
    userId: request.actor.id,
    apiTokenId: request.actor.apiTokenId ?? null,
  });

  const repetitions = request.repetitions ?? 1;
  const concurrency = request.concurrency ?? DEFAULT_EXPERIMENT_CONCURRENCY;
  const experiment = await db.$transaction(async (tx) => {
    const row = await tx.experiment.create({
      data: {
        workspaceId: dataset.workspaceId,
        datasetId: dataset.id,
        datasetRevision: dataset.currentRevision,
        agentId: agent.id,
        agentVersion: target.version,
        label: request.label ?? null,
        concurrency,
        repetitions,
        createdById: request.actor.id,
        createdByName: request.actor.name,
      },
      select: { id: true },
    });
    await tx.experimentCase.createMany({
      data: Array.from({ length: repetitions }, (_, repetition) =>
        cases.map((c, index) => ({ experimentId: row.id, index, repetition, caseId: c.id })),
      ).flat(),
    });
    return row;
  });
  await recordAudit(db, {
    actor: request.actor,
    action: "experiment.start",
    target: `experiment:${experiment.id}`,
    details: {
      experimentId: experiment.id,
      datasetId: dataset.id,
      datasetRevision: dataset.currentRevision,
      agentId: agent.id,
      version: target.version,
      label: request.label ?? null,
      concurrency,
      repetitions,
      cases: cases.length,
    },
  });
  await pumpExperiment(rt, experiment.id, request.actor);
  return { id: experiment.id };
}
