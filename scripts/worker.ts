/**
 * `npm run worker`: a queue worker (ATELIER_ROLE=worker) — no Next.js, no HTTP. It executes the turns
 * and resumes that web processes enqueue on PostgreSQL (pg-boss), renews their leases, takes over
 * turns whose worker stopped, and on SIGTERM/SIGINT stops taking jobs, lets running turns finish
 * for ATELIER_SHUTDOWN_GRACE_MS and hands the rest back. The database is migrated by the web
 * processes (`npm start`) or `npm run db:migrate`; the worker waits for it.
 */
import { ensurePrismaClients } from "./lib/ensure-generated";

process.env.ATELIER_ROLE = "worker";
ensurePrismaClients(process.cwd());

const { server } = await import("../lib/server/server");
const { assertRoleFits, queueSettings, RoleConfigError } = await import("../lib/runs/infra/queue/role");
const { ensureQueueMode, stopQueueMode } = await import("../lib/runs/infra/queue/queue-mode");

let settings;
const root = server();
const target = root.database;
try {
  assertRoleFits("worker", target.kind);
  settings = queueSettings();
} catch (err) {
  console.error(`atelier worker: ${RoleConfigError.is(err) ? err.message : String(err)}`);
  process.exit(1);
}

const db = root.db;
for (let waited = 0; ; waited += 1000) {
  try {
    await db.runLease.count();
    break;
  } catch (err) {
    if (waited === 0)
      console.log("atelier worker: waiting for the database to be migrated (npm start or npm run db:migrate)…");
    if (waited >= 120_000) {
      console.error(
        `atelier worker: the database is not ready: ${err instanceof Error ? err.message.split("\n")[0] : err}`,
      );
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const rt = root.runtime;
await ensureQueueMode(rt, "worker", target.url, settings);
console.log(
  `atelier worker: ${rt.executor.owner} taking jobs (concurrency ${settings.concurrency}, lease ${settings.leaseMs} ms)`,
);

let stopping = false;
for (const sig of ["SIGTERM", "SIGINT"] as const)
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log(`atelier worker: ${sig} — finishing running turns (up to ${settings.shutdownGraceMs} ms)…`);
    // Exit right after the hand-back: nothing this process still runs may write after another
    // worker takes its turns over.
    stopQueueMode(rt, true)
      .catch((err) => console.error("atelier worker: shutdown:", err))
      .finally(() => process.exit(0));
  });
