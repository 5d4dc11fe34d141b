/**
 * The run engine wired for this server process: the Prisma store behind the batched event writer,
 * the agent loader, models built with the studio's saved keys, the sandbox pool, the event bus
 * that feeds live followers, and the registry of active turns. One per process and database.
 */
import { randomUUID } from "node:crypto";
import { getDatabaseTarget, getDb, type Db } from "../db/client";
import { getEventBus, type EventBus } from "../events/event-bus";
import { EventWriter } from "../events/event-writer";
import { createMcpCaller } from "../mcp/mcp-caller";
import { createLanguageModel } from "../models/create-language-model";
import { loadSavedKeys } from "../models/load-saved-keys";
import { invokeTool } from "../sandbox/invoke-tool";
import type { PgFanout } from "../events/pg-fanout";
import { ActiveRuns } from "./active-runs";
import { InProcessQueue } from "./queue/in-process-queue";
import type { RunQueue } from "./queue/run-queue";
import { SettledSignals } from "./queue/settled-signals";
import { systemClock, type RunDeps } from "./ports";
import { createPrismaAgentLoader } from "./store/prisma-agent-loader";
import { createPrismaRunStore } from "./store/prisma-run-store";

export interface RunRuntime {
  db: Db;
  deps: RunDeps;
  writer: EventWriter;
  bus: EventBus;
  active: ActiveRuns;
  /** Resolves the `done` of accepted turns (queue/settled-signals.ts). */
  settled: SettledSignals;
  /** Where accepted turns go: in-process (`all`), or pg-boss once queue mode started (queue/queue-mode.ts). */
  queue: RunQueue;
  /** Queue mode only: this process's id as a lease owner, and the fan-out over LISTEN/NOTIFY. */
  queueMode?: { role: "web" | "worker"; owner: string; leaseMs: number; fanout: PgFanout };
}

export function createRunRuntime(
  db: Db,
  bus: EventBus = getEventBus(),
  dialect: "sqlite" | "postgresql" = getDatabaseTarget().kind,
): RunRuntime {
  const writer = new EventWriter(db, dialect, (conversationId, events) => {
    for (const e of events) bus.publish(conversationId, e);
    runtime.queueMode?.fanout.committed(conversationId, events);
  });
  const store = createPrismaRunStore(db, writer);
  // Saved provider keys, re-read at most once a second (a key saved in Settings reaches the next run).
  let keys: { at: number; value: ReturnType<typeof loadSavedKeys> } | null = null;
  const savedKeys = () => {
    if (!keys || Date.now() - keys.at > 1000) keys = { at: Date.now(), value: loadSavedKeys(db) };
    return keys.value;
  };
  const deps: RunDeps = {
    store,
    agents: createPrismaAgentLoader(db),
    models: async (cfg, http) => createLanguageModel(cfg, { savedKeys: await savedKeys(), http }),
    invokeSandbox: invokeTool,
    callMcp: createMcpCaller(db),
    clock: systemClock,
    newId: () => randomUUID(),
    publishDelta: (conversationId, delta) => {
      bus.publish(conversationId, delta);
      runtime.queueMode?.fanout.delta(conversationId, delta);
    },
  };
  // In one process (`all`) the queue's handler is attached on first use (queue/local-worker.ts).
  const queue = new InProcessQueue();
  const runtime: RunRuntime = { db, deps, writer, bus, active: new ActiveRuns(), settled: new SettledSignals(), queue };
  return runtime;
}

const globalRuntime = globalThis as unknown as { __atelierRunRuntime?: { url: string; runtime: RunRuntime } };

/** The process-wide runtime for DATABASE_URL. */
export function getRunRuntime(): RunRuntime {
  const url = getDatabaseTarget().url;
  const cached = globalRuntime.__atelierRunRuntime;
  if (cached && cached.url === url && cached.runtime.db === getDb()) return cached.runtime;
  const runtime = createRunRuntime(getDb());
  globalRuntime.__atelierRunRuntime = { url, runtime };
  return runtime;
}
