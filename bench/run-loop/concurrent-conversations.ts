/**
 * 4. 50 concurrent conversations on `atlas` (demo model, sandboxed city_population; each turn is
 * two steps: a tool call, then the answer).
 *
 * A step is timed from one model request of a run to the next: the model's answer, the tool call
 * in the sandbox, persistence, and the wait for the CPU behind the other conversations.
 *  - burst: all 50 posted in the same millisecond, on this machine. The in-process queue starts
 *    8 at once and more only while the event loop has room (lib/runs/infra/queue/loop-admission.ts),
 *    so a step waits behind the other running turns, not behind all 49; the turns not started yet
 *    wait before their first step, which the turn latency (printed beside) counts and the step does
 *    not. Target: no error, step p95 ≤ 120 ms.
 *  - in flight: 50 conversations that always have a run going, as they would on a real model:
 *    each model request first waits a simulated provider latency (uniform 0.5–1.5× the mean,
 *    seeded; conversations start spread over one mean), and each conversation posts its next
 *    message as soon as a turn ends, `turns` times. The step is timed from the moment the model
 *    answers (after the simulated wait) to the next request: the engine's share of the step,
 *    including its wait for the CPU behind the other 49. Target at a mean latency of 500 ms (a
 *    fast hosted model): no error, step p95 ≤ 50 ms; the sweep shows where it bends.
 */
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { Db } from "../../lib/db/client";
import { currentWorkspaceId } from "../../lib/db/workspace";
import type { TurnResult } from "../../lib/runs/engine/execute-turn";
import { InProcessQueue } from "../../lib/runs/infra/queue/in-process-queue";
import { LoopAdmission } from "../../lib/runs/infra/queue/loop-admission";
import { startTurn } from "../../lib/runs/use-cases/start-turn";
import { testRunRuntime } from "../../lib/server/testing/test-runtime";
import { summarize } from "../stats";
import { seedDemo } from "./bench-database";
import { startProfile } from "./cpu-profile";

const ms = (x: number) => `${x.toFixed(3)} ms`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ConcurrentOptions {
  /** Turns per conversation in the in-flight scenario. */
  turns: number;
  /** Mean simulated model latencies of the in-flight sweep. */
  latencies: number[];
  /** Per-query counts and latencies. */
  queries: boolean;
  /** A CPU profile of the burst, written to this file. */
  profile: string | null;
}

export async function concurrentConversations(plainDb: Db, options: ConcurrentOptions): Promise<void> {
  await seedDemo(plainDb);
  const queryTimes = new Map<string, { n: number; ms: number }>();
  const db = options.queries
    ? (plainDb.$extends({
        query: {
          async $allOperations({ model, operation, args, query }) {
            const t = performance.now();
            const r = await query(args);
            const k = `${model ?? "raw"}.${operation}`;
            const q = queryTimes.get(k) ?? { n: 0, ms: 0 };
            q.n++;
            q.ms += performance.now() - t;
            queryTimes.set(k, q);
            return r;
          },
        },
      }) as unknown as Db)
    : plainDb;
  const rt = testRunRuntime(db);
  const atlas = await db.agent.findFirstOrThrow({ where: { name: "atlas" } });
  const workspaceId = await currentWorkspaceId(db);
  // Step timing: each run asks for its model once; the model's requests are the run's steps.
  let steps: number[] = [];
  // The simulated provider latency of the in-flight scenario (0: the demo model answers at once).
  let latencyMs = 0;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const baseModels = rt.deps.models;
  rt.deps.models = async (...a: Parameters<typeof baseModels>) => {
    const m = await baseModels(...a);
    let last: number | null = null;
    return new Proxy(m, {
      get(target, prop, recv) {
        if (prop !== "doStream") return Reflect.get(target, prop, recv);
        return async (o: LanguageModelV3CallOptions) => {
          const now = performance.now();
          if (last !== null) steps.push(now - last);
          if (latencyMs) await sleep(latencyMs * (0.5 + random()));
          last = performance.now();
          return target.doStream(o);
        };
      },
    });
  };
  const cities = ["Paris", "Tokyo", "Lagos", "Lima", "Oslo", "Delhi", "Cairo", "Berlin", "Madrid", "Rome"];
  const turn = async (conversationId: string, i: number, k: number) => {
    const started = await startTurn(rt, {
      conversationId,
      content: `What is the population of ${cities[(i + k) % cities.length]} (conversation ${i}, turn ${k})?`,
      actor: { id: null, name: "bench" },
    });
    return (await started.done)!;
  };
  const newConversations = (n: number) =>
    Promise.all(Array.from({ length: n }, () => db.conversation.create({ data: { workspaceId, agentId: atlas.id } })));
  // Warm the sandbox pool and the code paths (worker start-up is not a step).
  const [warm] = await newConversations(1);
  for (let k = 0; k < 3; k++) await turn(warm.id, 0, k);
  // And a burst, unprinted: the first burst of a process runs colder code (about 15–25% slower).
  const warmBurst = await newConversations(50);
  await Promise.all(warmBurst.map((c, i) => turn(c.id, i, 0)));

  /** Runs `body` and prints its errors, steps, turn latencies, throughput and CPU (all threads). */
  const measure = async (name: string, body: (latencies: number[]) => Promise<TurnResult[]>) => {
    await rt.writer.flush();
    steps = [];
    queryTimes.clear();
    const latencies: number[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const results = await body(latencies);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const failed = results.filter((r) => r.final.status !== "completed");
    const s = summarize(steps);
    const t = summarize(latencies);
    const cpuPerTurn = (cpu.user + cpu.system) / 1000 / results.length;
    console.log(
      `   ${name}: ${results.length} turns, errors ${failed.length}; step p50 ${ms(s.p50)} p95 ${ms(s.p95)} (n=${s.n}); ` +
        `turn p50 ${ms(t.p50)} p95 ${ms(t.p95)}; ${(results.length / (wall / 1000)).toFixed(1)} turns/s; process CPU ${cpuPerTurn.toFixed(1)} ms/turn`,
    );
    if (failed.length) console.log(`   first failure: ${JSON.stringify(failed[0].final.error)}`);
    if (queryTimes.size)
      for (const [k, q] of [...queryTimes].sort((a, b) => b[1].ms - a[1].ms))
        console.log(
          `     ${k}: ${(q.n / results.length).toFixed(1)} per turn, ${q.ms.toFixed(1)} ms total (latency, not CPU)`,
        );
    return { ...s, errors: failed.length };
  };

  console.log(`\n4. 50 concurrent conversations on the demo agent atlas (demo model, sandboxed city_population)`);
  const profile = options.profile ? await startProfile(options.profile) : null;
  /** One turn on each conversation, all posted at once; each turn's latency recorded. */
  const burstOn = (convs: Array<{ id: string }>) => (latencies: number[]) =>
    Promise.all(
      convs.map(async (c, i) => {
        const t = performance.now();
        const r = await turn(c.id, i, 0);
        latencies.push(performance.now() - t);
        return r;
      }),
    );
  const burst = await measure("burst (all 50 posted at once)", burstOn(await newConversations(50)));
  if (profile) await profile();
  console.log(
    `   target (burst of 50 on this machine): no error, step p95 ≤ 120 ms — ${!burst.errors && burst.p95 <= 120 ? "met" : `missed (${burst.p95.toFixed(0)} ms, ${(burst.p95 / 120).toFixed(1)}×)`}`,
  );
  // The same burst with every turn started at once (no admission by the loop's room), for comparison.
  const admitted = { queue: rt.queue, localWorker: rt.localWorker };
  rt.queue = new InProcessQueue(rt.logger, new LoopAdmission({ floor: Number.MAX_SAFE_INTEGER }));
  rt.localWorker = false;
  const allAtOnce = burstOn(await newConversations(50));
  await measure("burst, all 50 started at once (no admission, for comparison)", allAtOnce);
  await rt.queue.stop();
  Object.assign(rt, admitted);
  let target: { p95: number; errors: number } | null = null;
  for (const mean of options.latencies) {
    const convs = await newConversations(50);
    latencyMs = mean;
    const s = await measure(`in flight, model latency ${mean} ms mean`, async (latencies) => {
      const all = await Promise.all(
        convs.map(async (c, i) => {
          const out: TurnResult[] = [];
          await sleep(random() * mean);
          for (let k = 0; k < options.turns; k++) {
            const t = performance.now();
            out.push(await turn(c.id, i, k));
            latencies.push(performance.now() - t);
          }
          return out;
        }),
      );
      return all.flat();
    });
    latencyMs = 0;
    if (mean === 500) target = s;
  }
  if (target)
    console.log(
      `   target (50 in flight, 500 ms model latency): no error, step p95 ≤ 50 ms — ${!target.errors && target.p95 <= 50 ? "met" : "missed"}`,
    );
}
