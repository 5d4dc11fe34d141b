/**
 * An experiment's overhead per case (docs/evals.md, "Benchmark"): 200 single-message cases on the
 * demo agent `atlas` (demo model, sandboxed city_population: two model requests and a tool call
 * per case, each case checked by `contains` and `toolCalled`), run as one experiment with
 * concurrency 8 — against the reference, the same 200 turns posted through the conversations path
 * (`startTurn` on fresh conversations, 8 at a time) in the same process on the same SQLite file.
 * The two alternate in blocks so drift touches both alike. Figures: cases/s each way, wall time per
 * case and process CPU per case, and the ratio experiment/reference (target ≤ 1.2).
 *
 *   npx tsx bench/eval.bench.ts [--cases=200] [--concurrency=8] [--rounds=2]
 */
import os from "node:os";
import { rmSync } from "node:fs";
import { currentWorkspaceId } from "../lib/db/workspace";
import { EventBus } from "../lib/events/event-bus";
import { createDataset } from "../lib/evals/write-datasets";
import { createRunRuntime } from "../lib/runs/infra/runtime";
import { startExperiment } from "../lib/runs/use-cases/start-experiment";
import { startTurn } from "../lib/runs/use-cases/start-turn";
import { closeServer, server } from "../lib/server/server";
import { cpuPressure, processCpuMs } from "./cpu-time";
import { freshDatabase, seedDemo } from "./run-loop/bench-database";
import { summarize } from "./stats";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const CASES = Number(arg("cases", "200"));
const CONCURRENCY = Number(arg("concurrency", "8"));
const ROUNDS = Number(arg("rounds", "2"));
const CITIES = ["Paris", "Tokyo", "Lagos", "Lima", "Oslo", "Delhi", "Cairo", "Berlin", "Madrid", "Rome"];
const message = (i: number) => `What is the population of ${CITIES[i % CITIES.length]}?`;
const actor = { id: "bench-user", name: "bench", roles: ["admin" as const], kind: "user" as const };

async function main() {
  console.log(
    `eval benchmark — node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, CPU pressure ${cpuPressure()}; ${CASES} cases, concurrency ${CONCURRENCY}, ${ROUNDS} rounds`,
  );
  const { db, dir } = await freshDatabase();
  try {
    await seedDemo(db);
    const s = server();
    const rt = createRunRuntime({
      db,
      dialect: "sqlite",
      logger: s.logger,
      sandbox: () => s.sandbox,
      bus: new EventBus(),
    });
    const atlas = await db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const workspaceId = await currentWorkspaceId(db);
    const dataset = await createDataset(db, actor, {
      name: "bench-cities",
      cases: Array.from({ length: CASES }, (_, i) => ({
        messages: [message(i)],
        expect: [
          { kind: "contains" as const, value: "city_population returned" },
          { kind: "toolCalled" as const, name: "city_population" },
        ],
      })),
    });

    const experiment = async (n: number) => {
      const t = performance.now();
      const { id } = await startExperiment(rt, {
        datasetId: dataset.id,
        agentId: atlas.id,
        concurrency: CONCURRENCY,
        actor,
      });
      for (;;) {
        const e = await db.experiment.findUniqueOrThrow({ where: { id }, select: { status: true } });
        if (e.status !== "queued" && e.status !== "running") {
          if (e.status !== "completed") throw new Error(`experiment ended ${e.status}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      const wall = performance.now() - t;
      const cases = await db.experimentCase.findMany({ where: { experimentId: id } });
      const passed = cases.filter((c) => c.passed).length;
      if (passed < n) console.log("first failing case:", cases.find((c) => !c.passed)?.verdicts);
      const latencies = cases.map((c) => c.latencyMs ?? 0);
      if (cases.length !== n) throw new Error(`expected ${n} cases, got ${cases.length}`);
      return { wall, passed, latencies };
    };

    const reference = async (n: number) => {
      const t = performance.now();
      const latencies: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < n) {
          const i = next++;
          const c = await db.conversation.create({ data: { workspaceId, agentId: atlas.id } });
          const t0 = performance.now();
          const started = await startTurn(rt, { conversationId: c.id, content: message(i), actor });
          const result = await started.done;
          if (result?.final.status !== "completed") throw new Error(`a turn ended ${result?.final.status}`);
          latencies.push(performance.now() - t0);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return { wall: performance.now() - t, latencies };
    };

    // Warm-up: the sandbox pool, prepared statements.
    await reference(CONCURRENCY);

    const wall = { experiment: 0, reference: 0 };
    const cpu = { experiment: 0, reference: 0 };
    const lat = { experiment: [] as number[], reference: [] as number[] };
    let passed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let c0 = processCpuMs();
      const r = await reference(CASES);
      cpu.reference += processCpuMs() - c0;
      wall.reference += r.wall;
      lat.reference.push(...r.latencies);
      c0 = processCpuMs();
      const e = await experiment(CASES);
      cpu.experiment += processCpuMs() - c0;
      wall.experiment += e.wall;
      lat.experiment.push(...e.latencies);
      passed += e.passed;
    }
    const n = CASES * ROUNDS;
    const perCase = (ms: number) => (ms / n).toFixed(2);
    const eL = summarize(lat.experiment);
    const rL = summarize(lat.reference);
    console.log(
      `experiment: ${((n / wall.experiment) * 1000).toFixed(1)} cases/s, ${perCase(wall.experiment)} ms wall and ` +
        `${perCase(cpu.experiment)} ms CPU per case; case latency median ${eL.p50.toFixed(1)} ms, p95 ${eL.p95.toFixed(1)} ms; ` +
        `${passed}/${n} passed`,
    );
    console.log(
      `reference (same turns through the conversations path): ${((n / wall.reference) * 1000).toFixed(1)} turns/s, ` +
        `${perCase(wall.reference)} ms wall and ${perCase(cpu.reference)} ms CPU per turn; turn latency median ` +
        `${rL.p50.toFixed(1)} ms, p95 ${rL.p95.toFixed(1)} ms`,
    );
    console.log(
      `overhead per case, experiment/reference: wall ${(wall.experiment / wall.reference).toFixed(3)}, ` +
        `CPU ${(cpu.experiment / cpu.reference).toFixed(3)} (target ≤ 1.2)`,
    );
  } finally {
    await closeServer();
    await db.$disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
