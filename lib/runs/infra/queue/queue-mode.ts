/**
 * Starting queue mode in a process (ATELIER_ROLE=web|worker on PostgreSQL): the fan-out listener,
 * the pg-boss queue, and — in a worker — the job handlers, the sweep that takes over lapsed leases,
 * and the heartbeat that `/api/health` counts. `stopQueueMode` is the graceful shutdown: stop taking
 * jobs, let running turns finish for a grace period, then hand the rest back.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { PgFanout } from "../../../events/pg-fanout";
import type { RunRuntime } from "../runtime";
import { readConversationEvents } from "../store/prisma-run-store";
import type { JobContext } from "./execute-job";
import { PgBossQueue } from "./pg-boss-queue";
import { queueSettings, type QueueSettings } from "./role";
import { markWorkerSeen, registerWorker, removeWorker } from "./queue-workers";
import { handBackLease, lapsedLeases } from "./run-lease";
import { deliverJob, takeOverLease } from "./take-over-run";
import { PgBossWebhookQueue } from "../../../webhooks/pg-boss-webhook-queue";
import { resumeStalledExperiments } from "../../use-cases/resume-experiments";

/** A queued claim older than this that no worker owns is executed by the sweep (its job was lost). */
const ORPHAN_MS = 60_000;

type QueueModeState = NonNullable<RunRuntime["queueModeState"]>;

export function ensureQueueMode(
  rt: RunRuntime,
  role: "web" | "worker",
  connectionString: string,
  settings: QueueSettings = queueSettings(),
): Promise<void> {
  let state = rt.queueModeState;
  if (!state) {
    state = startQueueMode(rt, role, connectionString, settings);
    rt.queueModeState = state;
  }
  return state.ready;
}

export async function stopQueueMode(rt: RunRuntime, graceful = true): Promise<void> {
  const state = rt.queueModeState;
  if (state) await state.stop(graceful);
}

function startQueueMode(
  rt: RunRuntime,
  role: "web" | "worker",
  connectionString: string,
  settings: QueueSettings,
): QueueModeState {
  const owner = `${role}-${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  let queue: PgBossQueue | null = null;
  const fanout = new PgFanout(
    connectionString,
    rt.bus,
    async (conversationId, from, to) =>
      (await readConversationEvents(rt.db, conversationId, from - 1)).filter((e) => e.seq <= to),
    {
      onSettled: (token) => rt.settled.fire(token, null),
      onJob: () => queue?.wake(),
      logger: rt.logger,
    },
  );
  queue = new PgBossQueue({
    connectionString,
    retries: settings.jobRetries,
    supervise: role === "worker",
    onSubmitted: () => void fanout.jobSubmitted().catch(() => {}),
    logger: rt.logger,
  });
  const ctx: JobContext = {
    rt,
    lease: {
      owner,
      leaseMs: settings.leaseMs,
      onSettled: (token, conversationId) => fanout.settled(token, conversationId),
    },
  };
  const timers: NodeJS.Timeout[] = [];
  const ready = (async () => {
    await fanout.start();
    await queue.start();
    rt.queue = queue;
    rt.executor = ctx.lease;
    rt.queueMode = { role, fanout };
    // Webhook deliveries go through pg-boss too: web processes submit, workers attempt.
    await rt.webhooks?.useQueue(new PgBossWebhookQueue(connectionString, rt.logger), role === "worker");
    if (role !== "worker") return;
    await registerWorker(rt.db, owner, settings.concurrency);
    await queue.work((job) => deliverJob(ctx, job), settings.concurrency);
    const beat = setInterval(() => {
      markWorkerSeen(rt.db, owner).catch((err) => rt.logger.error({ err }, "worker heartbeat failed"));
    }, 5_000);
    const sweep = setInterval(() => void sweepLapsed(ctx, settings), Math.max(250, Math.floor(settings.leaseMs / 2)));
    beat.unref();
    sweep.unref();
    timers.push(beat, sweep);
  })();

  return {
    ready,
    stop: async (graceful) => {
      for (const t of timers) clearInterval(t);
      await ready.catch(() => {});
      await rt.webhooks?.close().catch(() => {});
      if (role === "worker") {
        // Stop taking jobs and give running turns the grace period. What still runs is handed back
        // last; the caller exits at once after (see handBackLease).
        await queue.stop({ graceful: false }).catch(() => {});
        const deadline = Date.now() + (graceful ? settings.shutdownGraceMs : 0);
        while (rt.active.size() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        await removeWorker(rt.db, owner).catch(() => {});
        await rt.writer.flush().catch(() => {});
        await handBackRunning(rt, owner);
        return;
      }
      await queue.stop({ graceful: false });
      await rt.writer.flush().catch(() => {});
      await fanout.close();
    },
  };
}

/** Hands the leases of turns still executing back: another worker's sweep takes them over at once. */
async function handBackRunning(rt: RunRuntime, owner: string): Promise<void> {
  const running = await rt.db.runLease.findMany({ where: { owner }, select: { token: true } });
  for (const { token } of running) await handBackLease(rt.db, token, owner);
}

const sweeping = new WeakSet<RunRuntime>();

async function sweepLapsed(ctx: JobContext, settings: QueueSettings): Promise<void> {
  if (sweeping.has(ctx.rt)) return;
  sweeping.add(ctx.rt);
  try {
    const lapsed = await lapsedLeases(ctx.rt.db, ORPHAN_MS);
    for (const lease of lapsed) {
      if (ctx.rt.active.size() >= settings.concurrency) break;
      const outcome = await takeOverLease(ctx, lease);
      if (outcome !== "lost")
        ctx.rt.logger.info({ conversationId: lease.conversationId, outcome }, "took over a lapsed turn");
    }
    await resumeStalledExperiments(ctx.rt); // experiments whose scheduling process stopped (docs/evals.md)
  } catch (err) {
    ctx.rt.logger.error({ err }, "lease sweep failed");
  } finally {
    sweeping.delete(ctx.rt);
  }
}
