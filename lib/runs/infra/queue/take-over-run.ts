/**
 * A lease that lapsed: the worker executing the turn stopped (killed, lost its connection). Another
 * worker wins the lease and decides, from the stored events, what is safe:
 *  - nothing started yet → the job runs from the start;
 *  - the run stopped before any side-effecting call of its step was left without a result → the
 *    calls left dangling (pure ones) are answered with a retry instruction and the loop resumes with
 *    the same run id;
 *  - a side-effecting call (or an agent called as a tool) is dangling, or an approved call was
 *    executing → the run finishes `interrupted` (`executing` approvals become `outcome_unknown`):
 *    a call is never executed twice.
 */
import type { EventEntry } from "../../../events/event-types";
import { takeOverExperimentCase } from "../../use-cases/run-experiment-case";
import { resumeRun } from "../../use-cases/resume-run";
import { createChildRunner } from "../../engine/execute-turn";
import { prepareAgent } from "../../engine/prepare-agent";
import type { RunRuntime } from "../runtime";
import { answerEvents, healingAnswers } from "../../engine/stages/healing";
import { readConversationEvents } from "../store/prisma-run-store";
import { danglingOf, interruptRun, recountRunUsage } from "../store/recover-interrupted-runs";
import { setReplayStatus } from "../store/replay-status";
import { runClaimedJob, runJob, type JobContext } from "./execute-job";
import { RunJob } from "./run-job";
import { acquireLease, releaseLease, startQueuedLease, type LeaseRow } from "./run-lease";

export const TAKEN_OVER_INSTRUCTION =
  "Not completed: the worker running this call stopped before it answered. It has no side effects; call it again if you still need its result.";

export type TakeoverOutcome = "started" | "resumed" | "interrupted" | "released" | "lost";

/**
 * A worker's delivery of a queued job. The lease row is the authority, not the job's body: what
 * runs is the row's payload (a body that differs from it — stale, repeated or forged — changes
 * nothing). A claim nobody has started yet runs from the start; a claim some worker already held
 * (handed back at shutdown, or lapsed) is taken over like the sweep does — resumed from its events,
 * never started a second time. A delivery whose claim is gone (settled) or held does nothing.
 */
export async function deliverJob(ctx: JobContext, job: RunJob): Promise<void> {
  const { rt, lease: holder } = ctx;
  // The common case in one statement: a claim nobody started yet, won and read at once.
  const started = await startQueuedLease(rt.db, job.token, holder.owner, holder.leaseMs);
  if (started) {
    const queued = RunJob.safeParse(safeJson(started.payload));
    if (!queued.success) {
      await releaseLease(rt.db, started.token);
      return;
    }
    const turn = rt.active.start(queued.data.conversationId, queued.data.token);
    if (!turn) return; // this process already executes the conversation
    await runClaimedJob(ctx, queued.data, turn);
    return;
  }
  const lease = await rt.db.runLease.findUnique({ where: { token: job.token } });
  if (lease?.owner) await takeOverLease(ctx, lease);
}

export async function takeOverLease(ctx: JobContext, lease: LeaseRow): Promise<TakeoverOutcome> {
  const { rt } = ctx;
  const owner = ctx.lease;
  if (!(await acquireLease(rt.db, lease.token, owner.owner, owner.leaseMs))) return "lost";
  const parsed = RunJob.safeParse(safeJson(lease.payload));
  if (!parsed.success) {
    await releaseLease(rt.db, lease.token);
    return "released";
  }
  const job = parsed.data;
  const turn = rt.active.start(job.conversationId, job.token);
  if (!turn) return "lost";
  let outcome: TakeoverOutcome = "released";
  await runClaimedJob(ctx, job, turn, async (t) => {
    // A replay nobody started runs from the start; one a stopped worker was executing ends failed
    // (its running runs interrupted): re-playing it from the middle could diverge from the record.
    if (job.kind === "experiment-case") {
      const taken = await takeOverExperimentCase(rt, job, t, await anyRunSince(rt, lease), async () => {
        const running = await rt.db.run.findMany({ where: { conversationId: job.conversationId, status: "running" } });
        for (const run of running) await interruptRun(rt.db, rt.deps.store, run);
      });
      outcome = taken.outcome;
      return taken.result;
    }
    if (job.kind === "replay") {
      const conversation = await rt.db.conversation.findUnique({
        where: { id: job.conversationId },
        select: { replayStatus: true },
      });
      if (conversation?.replayStatus === "queued") {
        outcome = "started";
        return runJob(ctx, job, t);
      }
      outcome = "interrupted";
      const running = await rt.db.run.findMany({ where: { conversationId: job.conversationId, status: "running" } });
      for (const run of running) await interruptRun(rt.db, rt.deps.store, run);
      await setReplayStatus(rt.db, job.conversationId, "failed");
      return null;
    }
    if (job.kind === "resume") {
      const resumed = await rt.db.run.findUnique({ where: { id: job.runId } });
      if (resumed?.status === "suspended") {
        outcome = "started";
        return resumeRun(rt, resumed.id, job.actor, { claimed: t });
      }
    }
    const run = await runningRunOf(rt, lease, job);
    if (!run) {
      if (job.kind === "resume" || (await anyRunSince(rt, lease))) return null;
      outcome = "started";
      return runJob(ctx, job, t);
    }
    // A command has no model to go on with: its call is answered as interrupted, never run twice.
    if (run.kind === "command") {
      outcome = "interrupted";
      await interruptRun(rt.db, rt.deps.store, run);
      return null;
    }
    // Runs of agents called as tools by the stopped worker are dead too.
    const children = await rt.db.run.findMany({
      where: { rootRunId: run.rootRunId ?? run.id, status: "running", NOT: { id: run.id } },
    });
    for (const child of children) await interruptRun(rt.db, rt.deps.store, child);
    const events = await readConversationEvents(rt.db, run.conversationId);
    const dangling = danglingOf(events, run.id);
    const executing = await rt.db.approval.count({ where: { runId: run.id, status: "executing" } });
    const record = await rt.deps.agents.load(run.agentId, {
      conversationId: run.conversationId,
      ...(run.agentVersion !== null ? { version: run.agentVersion } : {}),
    });
    const agent = prepareAgent(record, rt.deps, createChildRunner(run.conversationId, job.actor, rt.deps));
    const tools = new Map(agent.tools.map((tool) => [tool.name, tool]));
    const unsafe =
      executing > 0 ||
      dangling.some((c) => {
        const tool = tools.get(c.toolName);
        return !tool || tool.sideEffecting || tool.kind === "agent";
      });
    if (unsafe) {
      outcome = "interrupted";
      await interruptRun(rt.db, rt.deps.store, run);
      return null;
    }
    outcome = "resumed";
    const { usage, costNanoUsd } = await recountRunUsage(rt.db, run);
    return resumeRun(rt, run.id, job.actor, {
      claimed: t,
      takeover: { heal: healEntries(run.id, dangling), usage, costNanoUsd },
    });
  });
  return outcome;
}

function healEntries(runId: string, dangling: Array<{ toolCallId: string; toolName: string }>): EventEntry[] {
  return answerEvents(runId, healingAnswers(dangling, TAKEN_OVER_INSTRUCTION, "RunTakenOver"));
}

/** The top-level run the stopped worker was executing for this claim (the turn, its resumed run, or its conclusion). */
async function runningRunOf(rt: RunRuntime, lease: LeaseRow, job: RunJob) {
  return rt.db.run.findFirst({
    where: {
      conversationId: lease.conversationId,
      status: "running",
      depth: 0,
      OR: [
        { startedAt: { gte: lease.createdAt } },
        ...(job.kind === "resume" ? [{ id: job.runId }, { parentRunId: job.runId }] : []),
      ],
    },
    orderBy: { startedAt: "desc" },
  });
}

async function anyRunSince(rt: RunRuntime, lease: LeaseRow): Promise<boolean> {
  const n = await rt.db.run.count({
    where: { conversationId: lease.conversationId, startedAt: { gte: lease.createdAt } },
  });
  return n > 0;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
