/**
 * The run engine wired for this server process: the Prisma store behind the batched event writer,
 * the agent loader, models built with the studio's saved keys, the sandbox pool, the event bus
 * that feeds live followers, the run queue and this process as an executor of its jobs. One per
 * process and database, built by the composition root (lib/server/server.ts) from the parts it holds.
 *
 * One execution path in every role: a turn or a resume is claimed with a `RunLease` row, submitted
 * to `queue` and executed by whichever process takes the job — this one through the in-process
 * queue (`all`), a worker through pg-boss (queue mode) — with the same handler (queue/README.md).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import type { EventBus } from "../../events/event-bus";
import type { Logger } from "../../logger";
import { EventWriter } from "../../events/event-writer";
import { createMcpCaller } from "../../mcp/mcp-caller";
import { createLanguageModel } from "../../models/create-language-model";
import { loadSavedKeys } from "../../models/load-saved-keys";
import { invokeTool } from "../../sandbox/invoke-tool";
import type { SandboxPool } from "../../sandbox/worker-pool";
import type { PgFanout } from "../../events/pg-fanout";
import type { AgentRecord } from "../engine/ports";
import { ActiveRuns } from "./active-runs";
import type { LeaseHolder } from "./queue/run-lease";
import { InProcessQueue } from "./queue/in-process-queue";
import type { RunQueue } from "./queue/run-queue";
import { queueSettings } from "./queue/role";
import { SettledSignals } from "./queue/settled-signals";
import { systemClock, type RunDeps } from "../engine/ports";
import { createPrismaAgentLoader } from "./store/prisma-agent-loader";
import { readConnectionValues } from "../../connections/read-connection-values";
import type { ConnectionsSnapshot } from "../engine/run-environment";
import { createPrismaRunStore } from "./store/prisma-run-store";
import type { Telemetry } from "../../telemetry/telemetry";
import type { WebhookDispatcher } from "../../webhooks/webhook-dispatcher";
import { createRunWebhooks } from "./run-webhooks";

export interface RunRuntime {
  db: Db;
  deps: RunDeps;
  writer: EventWriter;
  bus: EventBus;
  /** The process's logger; a run logs through `logger.child({ runId, conversationId })`. */
  logger: Logger;
  /** The abort controllers of what this process executes (not the lock: that is the lease row). */
  active: ActiveRuns;
  /** Resolves the `done` of accepted turns (queue/settled-signals.ts). */
  settled: SettledSignals;
  /** Where claimed jobs go: in-process (`all`), or pg-boss once queue mode started (queue/queue-mode.ts). */
  queue: RunQueue;
  /**
   * This process as the executor of jobs: its id as a lease owner, the lease length, and whom to
   * tell that a claim settled. In queue mode a worker's; in `all` this process's own.
   */
  executor: LeaseHolder;
  /**
   * The agent each turn accepted in this process was admitted with, by claim token, until the
   * turn's job takes it (so the same process does not load and check it twice). A job executed
   * elsewhere loads it; the entry goes when the turn settles.
   */
  admitted: Map<string, AgentRecord>;
  /** When this runtime was built: a claim older than this in `all` was left by a stopped process. */
  startedAt: Date;
  /** Queue mode only: this process's role, and the fan-out over LISTEN/NOTIFY. */
  queueMode?: { role: "web" | "worker"; fanout: PgFanout };
  /** Queue mode's start (awaited by every caller) and stop, once started (queue/queue-mode.ts). */
  queueModeState?: { ready: Promise<void>; stop: (graceful: boolean) => Promise<void> };
  /** In one process: the in-process queue's handler is attached (queue/local-worker.ts). */
  localWorker?: boolean;
  /** The budget alert claim of the last job settled here (queue/execute-job.ts): tests await it. */
  budgetAlerts?: Promise<void>;
  /** Outgoing webhooks (lib/webhooks): what the run path reports is queued here (run-webhooks.ts). */
  webhooks?: WebhookDispatcher;
}

export interface RunRuntimeParts {
  db: Db;
  dialect: "sqlite" | "postgresql";
  bus: EventBus;
  logger: Logger;
  /** The sandbox pool tool calls run in (asked for on each call, so it starts on first use). */
  sandbox: () => SandboxPool;
  /** OpenTelemetry export (lib/telemetry): told what the writer committed, it exports the segments that ended. */
  telemetry?: Pick<Telemetry, "committed">;
}

/** The run engine over the parts the composition root built (lib/server/server.ts). */
export function createRunRuntime({ db, dialect, bus, logger, sandbox, telemetry }: RunRuntimeParts): RunRuntime {
  const writer = new EventWriter(db, dialect, (conversationId, events) => {
    for (const e of events) bus.publish(conversationId, e);
    telemetry?.committed(db, conversationId, events);
    runtime.queueMode?.fanout.committed(conversationId, events);
  });
  const store = createPrismaRunStore(db, writer);
  // Saved provider keys, re-read at most once a second (a key saved in Settings reaches the next run).
  let keys: { at: number; value: ReturnType<typeof loadSavedKeys> } | null = null;
  const savedKeys = () => {
    if (!keys || Date.now() - keys.at > 1000) keys = { at: Date.now(), value: loadSavedKeys(db) };
    return keys.value;
  };
  // Connections as runs see them, re-read at most once a second (a change in Settings reaches the next run).
  let connections: { at: number; value: Promise<ConnectionsSnapshot> } | null = null;
  const connectionsSnapshot = () => {
    if (!connections || Date.now() - connections.at > 1000) {
      const value = readConnectionValues(db);
      connections = { at: Date.now(), value };
      value.catch(() => (connections = null));
    }
    return connections.value;
  };
  const deps: RunDeps = {
    store,
    agents: createPrismaAgentLoader(db),
    models: async (cfg, http) => createLanguageModel(cfg, { savedKeys: await savedKeys(), http }),
    invokeSandbox: (request) => invokeTool({ ...request, pool: sandbox() }),
    callMcp: createMcpCaller(db),
    connections: connectionsSnapshot,
    clock: systemClock,
    newId: () => randomUUID(),
    publishDelta: (conversationId, delta) => {
      bus.publish(conversationId, delta);
      runtime.queueMode?.fanout.delta(conversationId, delta);
    },
  };
  // In one process (`all`) the queue's handler is attached on first use (queue/local-worker.ts).
  const queue = new InProcessQueue(logger);
  const runtime: RunRuntime = {
    db,
    deps,
    writer,
    bus,
    logger,
    active: new ActiveRuns(),
    settled: new SettledSignals(),
    queue,
    executor: {
      owner: `all-${process.pid}-${randomUUID().slice(0, 8)}`,
      leaseMs: queueSettings().leaseMs,
      onSettled: async () => {},
    },
    admitted: new Map(),
    startedAt: new Date(),
    webhooks: createRunWebhooks(db, logger),
  };
  return runtime;
}
