/**
 * The run engine wired for this server process: the Prisma store behind the batched event writer,
 * the agent loader, models built with the studio's saved keys, the sandbox pool, the event bus
 * that feeds live followers, and the registry of active turns. One per process and database.
 */
import { randomUUID } from "node:crypto";
import { getDatabaseTarget, getDb, type Db } from "../db/client";
import { getEventBus, type EventBus } from "../events/event-bus";
import { EventWriter } from "../events/event-writer";
import { createLanguageModel } from "../models/create-language-model";
import { loadSavedKeys } from "../models/load-saved-keys";
import { invokeTool } from "../sandbox/invoke-tool";
import { ActiveRuns } from "./active-runs";
import { systemClock, type RunDeps } from "./ports";
import { createPrismaAgentLoader } from "./store/prisma-agent-loader";
import { createPrismaRunStore } from "./store/prisma-run-store";

export interface RunRuntime {
  db: Db;
  deps: RunDeps;
  writer: EventWriter;
  bus: EventBus;
  active: ActiveRuns;
}

export function createRunRuntime(db: Db, bus: EventBus = getEventBus()): RunRuntime {
  const writer = new EventWriter(db, (conversationId, events) => {
    for (const e of events) bus.publish(conversationId, e);
  });
  const store = createPrismaRunStore(db, writer);
  const deps: RunDeps = {
    store,
    agents: createPrismaAgentLoader(db),
    models: async (cfg, http) => createLanguageModel(cfg, { savedKeys: await loadSavedKeys(db), http }),
    invokeSandbox: invokeTool,
    clock: systemClock,
    newId: () => randomUUID(),
    publishDelta: (conversationId, delta) => bus.publish(conversationId, delta),
  };
  return { db, deps, writer, bus, active: new ActiveRuns() };
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
