/**
 * A run runtime of a test's own on a test database, built from the process's server parts (its
 * logger and sandbox pool) with a bus of its own unless one is given — for tests and benchmarks
 * that drive the engine without routes. `closeServer()` (lib/server/server.ts) stops the pool.
 */
import type { Db } from "../../db/client";
import { EventBus } from "../../events/event-bus";
import { createRunRuntime, type RunRuntime } from "../../runs/infra/runtime";
import { server } from "../server";

export function testRunRuntime(
  db: Db,
  options: { dialect?: "sqlite" | "postgresql"; bus?: EventBus } = {},
): RunRuntime {
  const s = server();
  return createRunRuntime({
    db,
    dialect: options.dialect ?? s.database.kind,
    bus: options.bus ?? new EventBus(),
    logger: s.logger,
    sandbox: () => s.sandbox,
  });
}
