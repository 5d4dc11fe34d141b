/**
 * Queue mode throughput: runs per second on the demo model with 1 and then 2 worker processes
 * (`npm run worker`) on a throwaway PostgreSQL. This process plays the web process: it accepts
 * turns through `startTurn` (claim, admission, pg-boss job) and waits for each to settle.
 *
 *   npx tsx bench/queue-mode.bench.ts [--turns=60] [--concurrency=8]
 *
 * Needs PostgreSQL's binaries on the PATH; prints a note and exits 0 without them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import { createDb } from "../lib/db/client";
import { resolveDatabaseTarget } from "../lib/db/database-url";
import { currentWorkspaceId } from "../lib/db/workspace";
import { ensureQueueMode, stopQueueMode } from "../lib/runs/infra/queue/queue-mode";
import { countLiveWorkers } from "../lib/runs/infra/queue/queue-workers";
import { testRunRuntime } from "../lib/server/testing/test-runtime";
import { startTurn } from "../lib/runs/use-cases/start-turn";
import { prepareDatabase } from "../scripts/lib/prepare-database";
import { postgresAvailable, startThrowawayPostgres } from "../scripts/lib/throwaway-postgres";
import { percentile } from "./stats";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const TURNS = arg("turns", 60);
const ONLY_ONE = process.argv.includes("--one");
const CONCURRENCY = arg("concurrency", 8);

if (!postgresAvailable()) {
  console.log("queue-mode benchmark: PostgreSQL binaries are not on the PATH — skipped");
  process.exit(0);
}

console.log(`queue-mode benchmark — node ${process.version}, ${os.cpus().length} cores, ${TURNS} turns per figure`);
const pg = await startThrowawayPostgres();
const url = pg.urlFor("postgres");
process.env.DATABASE_URL = url;
process.env.ATELIER_ROLE = "web";
const workers: ChildProcess[] = [];
try {
  await prepareDatabase(() => {});
  const target = resolveDatabaseTarget();
  const db = createDb(target);
  const rt = testRunRuntime(db, { dialect: "postgresql" });
  await ensureQueueMode(rt, "web", url);
  const atlas = await db.agent.findFirstOrThrow({ where: { name: "atlas" } });
  const workspaceId = await currentWorkspaceId(db);

  for (const n of ONLY_ONE ? [1] : [1, 2]) {
    while (workers.length < n) {
      workers.push(
        spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/worker.ts"], {
          env: {
            ...process.env,
            ATELIER_ROLE: "worker",
            ATELIER_WORKER_CONCURRENCY: String(CONCURRENCY),
            ...(process.env.WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.WORKER_NODE_OPTIONS } : {}),
          },
          stdio: "ignore",
        }),
      );
    }
    for (;;) {
      const live = await countLiveWorkers(db);
      if (live >= n) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // One warm-up turn per worker (sandbox pool, prepared queries).
    await runTurns(n * 2);
    const t0 = performance.now();
    const latencies = await runTurns(TURNS);
    const secs = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => percentile(latencies, q * 100).toFixed(0);
    console.log(
      `${n} worker${n === 1 ? " " : "s"} (concurrency ${CONCURRENCY} each): ${(TURNS / secs).toFixed(1)} runs/s; turn latency median ${p(0.5)} ms p95 ${p(0.95)} ms`,
    );
  }

  async function runTurns(count: number): Promise<number[]> {
    const convs = await Promise.all(
      Array.from({ length: count }, () => db.conversation.create({ data: { workspaceId, agentId: atlas.id } })),
    );
    return Promise.all(
      convs.map(async (c, i) => {
        const t = performance.now();
        const started = await startTurn(rt, {
          conversationId: c.id,
          content: `What is the population of Paris (turn ${i})?`,
          actor: { id: null, name: "bench" },
        });
        await started.done;
        return performance.now() - t;
      }),
    );
  }
  await stopQueueMode(rt, false);
  await db.$disconnect();
} finally {
  for (const w of workers) w.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  pg.stop();
}
process.exit(0);
