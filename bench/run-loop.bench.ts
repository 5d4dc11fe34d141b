/**
 * Run-loop benchmarks (figures, not tests; the modules under bench/run-loop/ say what each
 * measures and how):
 *  1. Loop overhead per step (loop-overhead.ts): an N-step tool loop on a cheap mock model through
 *     our loop, every event persisted, beside a bare AI SDK `streamText` loop on the same mock, at
 *     N = 10 and 200. Target: median ≤ 5 ms per step and ≤ 1.5× the reference.
 *  2. Event append throughput (append-throughput.ts): the batched writer beside raw better-sqlite3
 *     prepared inserts of the same rows. Targets: ≥ 10,000 events/s; writer ≥ 50% of raw.
 *  3. CPU per turn (turn-cpu.ts): an atlas turn through the engine beside the same turn written by
 *     hand (reference-turn.ts: streamText + invokeTool + raw inserts), main-thread CPU per turn.
 *     Target: ≤ 1.5× the reference.
 *  4. 50 concurrent conversations on atlas (concurrent-conversations.ts), step = one model request
 *     of a run to its next: a burst of 50 posted at once (target step p95 ≤ 120 ms), then 50 always
 *     in flight at simulated model latencies (target step p95 ≤ 50 ms at 500 ms).
 *
 *   npx tsx bench/run-loop.bench.ts [--reps=15] [--events=20000] [--append-reps=5] [--turn-reps=40]
 *     [--only=loop|append|turn|concurrent]
 *     [--turns=4] [--latency=1000,500,250,100]  the in-flight scenario's turns and mean latencies
 *     [--queries]  per-query counts and latencies of the concurrent scenario
 *     [--profile]  CPU profiles of the per-turn window (<tmpdir>/turn-cpu.cpuprofile) and of the
 *                  burst (run-loop.cpuprofile)
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedStudio } from "../lib/db/seed-demo";
import { closeServer } from "../lib/server/server";
import { appendThroughput } from "./run-loop/append-throughput";
import { freshDatabase } from "./run-loop/bench-database";
import { concurrentConversations } from "./run-loop/concurrent-conversations";
import { loopOverhead } from "./run-loop/loop-overhead";
import { turnCpu } from "./run-loop/turn-cpu";
import { cpuPressure } from "./cpu-time";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const PROFILE = process.argv.includes("--profile");

async function main() {
  console.log(
    `run-loop benchmark — node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, CPU pressure ${cpuPressure()}`,
  );
  const { db, dir, file } = await freshDatabase();
  try {
    await seedStudio(db, [], { demo: false });
    const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
    if (!only || only === "loop") await loopOverhead(db, arg("reps", 15));
    if (!only || only === "append") await appendThroughput(db, file, arg("events", 20_000), arg("append-reps", 5));
    if (!only || only === "turn")
      await turnCpu(db, file, arg("turn-reps", 40), PROFILE ? path.join(os.tmpdir(), "turn-cpu.cpuprofile") : null);
    if (!only || only === "concurrent")
      await concurrentConversations(db, {
        turns: arg("turns", 4),
        latencies: (process.argv.find((a) => a.startsWith("--latency="))?.slice(10) ?? "1000,500,250,100")
          .split(",")
          .map(Number),
        queries: process.argv.includes("--queries"),
        profile: PROFILE ? "run-loop.cpuprofile" : null,
      });
  } finally {
    await db.$disconnect();
    await closeServer();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n   load at the end ${os.loadavg()[0].toFixed(2)}, CPU pressure ${cpuPressure()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
