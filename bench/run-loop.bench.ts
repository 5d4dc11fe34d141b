/**
 * Run-loop benchmarks (figures, not tests):
 *  1. Loop overhead per step: an N-step tool loop on one cheap mock LanguageModelV3 (a tool call
 *     per step, then an answer), through our loop with every event persisted to SQLite by the
 *     batched writer, and through a bare AI SDK `streamText` tool loop on the same mock (no
 *     persistence) as the reference — at N = 10 and N = 200, to show no quadratic growth.
 *     Target: median ≤ 5 ms per step and ≤ 1.5× the reference.
 *  2. Event append throughput through the batched writer (many small appends from 50
 *     conversations at once), beside raw better-sqlite3 inserts in transactions of 1000.
 *     Target: ≥ 10,000 events/s.
 *  3. 50 concurrent conversations on the demo agent `atlas` (demo model, sandboxed tool): all
 *     posted at once (capacity), then 50 with a run always in flight on a model with a simulated
 *     provider latency (the engine's share of each step). Target: no error, step p95 ≤ 50 ms
 *     with 50 runs in flight at a 500 ms mean model latency.
 *
 *   npx tsx bench/run-loop.bench.ts [--reps=15] [--events=20000] [--only=loop|append|concurrent]
 *     [--turns=4] [--latency=1000,500,250,100]  the in-flight scenario's turns and mean latencies
 *     [--queries]  per-query counts and latencies of the concurrent scenario
 *     [--profile]  a CPU profile of the burst (run-loop.cpuprofile)
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { jsonSchema, stepCountIs, streamText, tool } from "ai";
import { AgentInput } from "../lib/agents/agent-input.shared";
import { createDb, type Db } from "../lib/db/client";
import { resolveDatabaseTarget } from "../lib/db/database-url";
import { applyMigrations } from "../lib/db/migrations";
import { seedStudio } from "../lib/db/seed-demo";
import { currentWorkspaceId } from "../lib/db/workspace";
import { DEMO_SEED_STEPS } from "../lib/demo/demo-steps";
import { newEvent } from "../lib/events/event-types";
import { closeServer } from "../lib/server/server";
import { runLoop } from "../lib/runs/engine/run-loop";
import type { RunTool } from "../lib/runs/engine/run-tool";
import { testRunRuntime } from "../lib/server/testing/test-runtime";
import { startTurn } from "../lib/runs/use-cases/start-turn";
import type { TurnResult } from "../lib/runs/engine/execute-turn";
import { summarize } from "./stats";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const REPS = arg("reps", 15);
const EVENTS = arg("events", 20_000);
const TURNS = arg("turns", 4);
const LATENCY_MS = (process.argv.find((a) => a.startsWith("--latency="))?.slice(10) ?? "1000,500,250,100")
  .split(",")
  .map(Number);

const stats = summarize;
const ms = (x: number) => `${x.toFixed(3)} ms`;

/** A tool call per step until `steps` assistant turns, then a short answer. Cheap and deterministic. */
class LoopMockModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = "mock";
  readonly modelId = "loop";
  readonly supportedUrls = {};
  constructor(private readonly steps: number) {}
  async doGenerate(): Promise<never> {
    throw new Error("stream only");
  }
  async doStream(options: LanguageModelV3CallOptions) {
    let assistant = 0;
    for (const m of options.prompt) if (m.role === "assistant") assistant++;
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    };
    const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
    if (assistant + 1 < this.steps) {
      parts.push({
        type: "tool-call",
        toolCallId: `c${assistant}`,
        toolName: "add",
        input: `{"a":${assistant},"b":1}`,
      });
      parts.push({ type: "finish", usage, finishReason: { unified: "tool-calls", raw: "tool_calls" } });
    } else {
      parts.push(
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "done" },
        { type: "text-end", id: "t" },
      );
      parts.push({ type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } });
    }
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(c) {
          for (const p of parts) c.enqueue(p);
          c.close();
        },
      }),
    };
  }
}

const ADD_SCHEMA = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
};

async function freshDatabase(): Promise<{ db: Db; dir: string; file: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-bench-"));
  const file = path.join(dir, "bench.db");
  const target = resolveDatabaseTarget(`file:${file}`);
  await applyMigrations(target);
  return { db: createDb(target), dir, file };
}

async function loopOverhead(db: Db) {
  const rt = testRunRuntime(db);
  const workspaceId = await currentWorkspaceId(db);
  const agentRow = await db.agent.create({ data: { workspaceId, name: "bench_loop", config: {} } });
  const config = AgentInput.parse({
    name: "bench_loop",
    model: { provider: "demo", model: "demo" },
    runLimits: { requestLimit: null },
  });
  const addTool: RunTool = {
    name: "add",
    description: "Add two numbers and return their sum (benchmark tool).",
    parameters: ADD_SCHEMA,
    sideEffecting: false,
    idempotent: false,
    requiresApproval: false,
    kind: "sandbox",
    checkArguments: () => null,
    execute: async (args) => ({
      ok: true,
      result: (args as { a: number; b: number }).a + (args as { a: number; b: number }).b,
    }),
  };
  const results: Record<number, { ours: number[]; ref: number[] }> = {};
  for (const steps of [10, 200]) {
    results[steps] = { ours: [], ref: [] };
    for (let rep = 0; rep < REPS + 2; rep++) {
      const model = new LoopMockModel(steps);
      const conversation = await db.conversation.create({ data: { workspaceId, agentId: agentRow.id } });
      const t0 = performance.now();
      const r = await runLoop(
        {
          conversationId: conversation.id,
          agent: { id: agentRow.id, name: "bench_loop", description: "", config, tools: [addTool] },
          kind: "turn",
          parentRunId: null,
          rootRunId: null,
          depth: 0,
          prompt: "add things",
          history: [],
          limits: config.runLimits,
          tools: [addTool],
          signal: new AbortController().signal,
          actor: { id: null, name: "bench" },
          lastSystemPromptHash: null,
        },
        { ...rt.deps, models: () => model },
      );
      const oursPerStep = (performance.now() - t0) / steps;
      if (r.status !== "completed" || r.usage.requests !== steps)
        throw new Error(`loop ended ${r.status} after ${r.usage.requests} requests`);

      const refModel = new LoopMockModel(steps);
      const t1 = performance.now();
      const result = streamText({
        model: refModel,
        prompt: "add things",
        tools: {
          add: tool({
            description: addTool.description,
            inputSchema: jsonSchema<{ a: number; b: number }>(ADD_SCHEMA as never),
            execute: async ({ a, b }) => a + b,
          }),
        },
        stopWhen: stepCountIs(steps),
      });
      await result.consumeStream();
      const steps2 = (await result.steps).length;
      if (steps2 !== steps) throw new Error(`reference loop took ${steps2} steps`);
      const refPerStep = (performance.now() - t1) / steps;
      if (rep >= 2) {
        results[steps].ours.push(oursPerStep);
        results[steps].ref.push(refPerStep);
      }
    }
  }
  console.log(
    "\n1. loop overhead per step (mock model; ours persists every event to SQLite, the reference persists nothing)",
  );
  for (const steps of [10, 200]) {
    const o = stats(results[steps].ours);
    const r = stats(results[steps].ref);
    console.log(
      `   ${String(steps).padStart(3)} steps: ours median ${ms(o.p50)} p95 ${ms(o.p95)} | AI SDK streamText median ${ms(r.p50)} p95 ${ms(r.p95)} | ratio ${(o.p50 / r.p50).toFixed(2)}× (n=${o.n})`,
    );
  }
}

async function appendThroughput(db: Db, file: string) {
  const rt = testRunRuntime(db);
  const workspaceId = await currentWorkspaceId(db);
  const agent = await db.agent.create({ data: { workspaceId, name: "bench_append", config: {} } });
  const conversations = await Promise.all(
    Array.from({ length: 50 }, () => db.conversation.create({ data: { workspaceId, agentId: agent.id } })),
  );
  const payload = {
    role: "assistant" as const,
    parts: [{ type: "text" as const, text: "an event of a typical size, about one sentence of model output" }],
  };
  const t0 = performance.now();
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const c = conversations[i % conversations.length];
    pending.push(rt.writer.append(c.id, [{ event: newEvent("run-bench", "LlmMessageEvent", payload) }]));
  }
  await Promise.all(pending);
  const writerSecs = (performance.now() - t0) / 1000;
  const stored = await db.event.count({ where: { runId: "run-bench" } });
  if (stored !== EVENTS) throw new Error(`stored ${stored} of ${EVENTS}`);

  const raw = new Database(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = NORMAL");
  raw.exec(
    `CREATE TABLE raw_events (conversationId TEXT, seq INTEGER, runId TEXT, type TEXT, payload TEXT, createdAt TEXT, PRIMARY KEY (conversationId, seq))`,
  );
  const insert = raw.prepare("INSERT INTO raw_events VALUES (?, ?, ?, ?, ?, ?)");
  const json = JSON.stringify(payload);
  const t1 = performance.now();
  const tx = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++)
      insert.run(conversations[i % 50].id, i, "run-bench", "LlmMessageEvent", json, new Date().toISOString());
  });
  for (let i = 0; i < EVENTS; i += 1000) tx(i, Math.min(EVENTS, i + 1000));
  const rawSecs = (performance.now() - t1) / 1000;
  raw.close();
  console.log(`\n2. event append, ${EVENTS} events from 50 conversations`);
  console.log(
    `   batched writer (Prisma, contiguous seq, one transaction per tick): ${Math.round(EVENTS / writerSecs).toLocaleString("en-US")} events/s`,
  );
  console.log(
    `   raw better-sqlite3 inserts (transactions of 1000, same file):       ${Math.round(EVENTS / rawSecs).toLocaleString("en-US")} events/s`,
  );
}

/**
 * 3. 50 concurrent conversations on `atlas` (demo model, sandboxed city_population; each turn is
 * two steps: a tool call, then the answer). A step is timed from one model request of a run to the
 * next (model, tool in the sandbox, persistence, and waiting for the CPU behind the others).
 *  - burst: all 50 posted in the same millisecond. A saturation test: on two cores every step
 *    waits behind the other 49, so its step p95 is the time to serve them all, and what it
 *    measures is capacity (turns/s, CPU per turn) rather than latency.
 *  - in flight: 50 conversations that always have a run going, as they would on a real model:
 *    each model request first waits a simulated provider latency (uniform 0.5–1.5× the mean,
 *    seeded; conversations start spread over one mean), and each conversation posts its next
 *    message as soon as a turn ends, TURNS times. The step is timed from the moment the model
 *    answers (after the simulated wait) to the next request: the engine's share of the step,
 *    including its wait for the CPU behind the other 49. The target is read at a mean latency
 *    of 500 ms (a fast hosted model); the sweep shows where it bends as the load rises.
 */
async function concurrentConversations(plainDb: Db) {
  await seedStudio(plainDb, DEMO_SEED_STEPS, { demo: true });
  const queryTimes = new Map<string, { n: number; ms: number }>();
  const db = process.argv.includes("--queries")
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
    const s = stats(steps);
    const t = stats(latencies);
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
    return s;
  };

  console.log(`\n3. 50 concurrent conversations on the demo agent atlas (demo model, sandboxed city_population)`);
  const profile = process.argv.includes("--profile") ? await startProfile() : null;
  const burstConvs = await newConversations(50);
  await measure("burst (all 50 posted at once)", (latencies) =>
    Promise.all(
      burstConvs.map(async (c, i) => {
        const t = performance.now();
        const r = await turn(c.id, i, 0);
        latencies.push(performance.now() - t);
        return r;
      }),
    ),
  );
  if (profile) await profile();
  let target: { p95: number } | null = null;
  for (const mean of LATENCY_MS) {
    const convs = await newConversations(50);
    latencyMs = mean;
    const s = await measure(`in flight, model latency ${mean} ms mean`, async (latencies) => {
      const all = await Promise.all(
        convs.map(async (c, i) => {
          const out: TurnResult[] = [];
          await sleep(random() * mean);
          for (let k = 0; k < TURNS; k++) {
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
      `   target (50 in flight, 500 ms model latency): no error, step p95 <= 50 ms — ${target.p95 <= 50 ? "met" : "missed"}`,
    );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `--profile`: a CPU profile of the measured window only, written to run-loop.cpuprofile. */
async function startProfile(): Promise<() => Promise<void>> {
  const { Session } = await import("node:inspector/promises");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync("run-loop.cpuprofile", JSON.stringify(profile));
    session.disconnect();
  };
}

async function main() {
  console.log(
    `run-loop benchmark — node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const { db, dir, file } = await freshDatabase();
  try {
    await seedStudio(db, [], { demo: false });
    const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
    if (!only || only === "loop") await loopOverhead(db);
    if (!only || only === "append") await appendThroughput(db, file);
    if (!only || only === "concurrent") await concurrentConversations(db);
  } finally {
    await db.$disconnect();
    await closeServer();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
