/**
 * Experiments in queue mode (PostgreSQL only: ATELIER_TEST_PG_URL; docs/evals.md): this process is
 * the web process (ATELIER_ROLE=web, the routes) and runs queue workers of its own on the same
 * database, each a runtime with its own lease owner and pg-boss poller, as `npm run worker` does.
 *
 * - a small experiment runs to completion on a worker, with passing verdicts (a sandboxed tool, two
 *   turns, a mocked side-effecting call, an approval answered by the case, a scripted judge);
 * - a worker that stops in the middle of a case (its lease lapses, as when it is killed): another
 *   worker takes the claim over, the case runs again from the start on a new conversation, and the
 *   experiment completes with passing verdicts — not `RunInterrupted`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import type { ExperimentView } from "@/lib/evals/experiment.shared";
import { ensureQueueMode, stopQueueMode } from "@/lib/runs/infra/queue/queue-mode";
import type { RunRuntime } from "@/lib/runs/infra/runtime";
import { closeServer } from "@/lib/server/server";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import * as agents from "@/app/api/agents/route";
import * as tools from "@/app/api/tools/route";
import * as datasets from "@/app/api/datasets/route";
import * as list from "./route";
import * as one from "./[id]/route";

const PG = !!process.env.ATELIER_TEST_PG_URL;
const ADMIN = "experiments-queue-admin-token-0123456789";
const SETTINGS = { concurrency: 4, leaseMs: 1_000, shutdownGraceMs: 0, jobRetries: 1 };
const savedEnv = { ...process.env };
let t: TestDatabase;
let operator = "";
const workers: RunRuntime[] = [];

const SHIP = `import { tool } from "atelier";

/**
 * Ship a version of the site; visitors see it at once.
 *
 * @param version The version to ship.
 */
export default tool({ sideEffecting: true, requiresApproval: true }, function ship_site(version: string): string {
  return "shipped " + version;
});
`;

async function startWorker(concurrency = SETTINGS.concurrency): Promise<RunRuntime> {
  const rt = testRunRuntime(t.db, { dialect: "postgresql" });
  await ensureQueueMode(rt, "worker", t.target.url, { ...SETTINGS, concurrency });
  workers.push(rt);
  return rt;
}

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const view = async (id: string) =>
  (await callRoute(one.GET, `/api/experiments/${id}`, { params: { id }, bearer: ADMIN })).json as ExperimentView;
const finished = (id: string) =>
  until(
    `experiment ${id}`,
    () => view(id),
    (v) => ["completed", "cancelled", "failed"].includes(v.status),
  );

async function createDataset(name: string, cases: unknown[]): Promise<string> {
  const res = await callRoute(datasets.POST, "/api/datasets", { bearer: ADMIN, body: { name, cases } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}
async function start(body: Record<string, unknown>): Promise<string> {
  const res = await callRoute(list.POST, "/api/experiments", { bearer: operator, body });
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  return res.json.id as string;
}

describe.runIf(PG)("experiments in queue mode (PostgreSQL)", () => {
  beforeAll(async () => {
    t = await createTestDatabase();
    process.env.ATELIER_ADMIN_TOKEN = ADMIN;
    process.env.ATELIER_ROLE = "web";
    await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
    operator = (await createRoleTokens(t.db, ["operator"], "experiments.queue")).operator!;
  });
  afterAll(async () => {
    for (const w of workers) await stopQueueMode(w, false).catch(() => {});
    process.env = savedEnv;
    await closeServer();
    await t?.cleanup();
  });

  it("runs an experiment's cases on a worker to completion, with passing verdicts", async () => {
    const worker = await startWorker();
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const paris = await createDataset("queue-demo", [
      {
        id: "paris",
        messages: ["What is the population of Paris?"],
        expect: [
          { kind: "contains", value: "2103000" },
          { kind: "toolCalled", name: "city_population" },
        ],
      },
      {
        id: "two-turns",
        messages: ["What is the population of Paris?", "And of Paris again?"],
        expect: [{ kind: "toolCalled", name: "city_population" }],
      },
    ]);
    const demo = await finished(await start({ datasetId: paris, agentId: atlas.id, concurrency: 2 }));
    expect(demo.status).toBe("completed");
    expect(demo.cases.map((c) => [c.caseId, c.status, c.passed, c.error])).toEqual([
      ["paris", "done", true, null],
      ["two-turns", "done", true, null],
    ]);

    // A side-effecting tool behind an approval, mocked, and a scripted judge.
    const tool = await callRoute(tools.POST, "/api/tools", { body: { source: SHIP }, bearer: ADMIN });
    expect(tool.status, JSON.stringify(tool.json)).toBe(201);
    const created = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "queue_shipper",
        description: "Ships the site (queue-mode experiments test).",
        prompt: { template: "You ship." },
        model: [
          {
            provider: "scripted",
            model: "shipper",
            script: [{ toolCalls: [{ toolName: "ship_site", args: { version: "2.0" } }] }, { text: "Shipped 2.0." }],
          },
          { provider: "scripted", model: "judge", script: [{ text: '{"score": 0.9, "reason": "It shipped."}' }] },
        ],
        tools: [{ toolId: tool.json.tool.id }],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const shipping = await createDataset("queue-shipping", [
      {
        id: "ship",
        messages: ["Ship 2.0"],
        mocks: [{ tool: "ship_site", result: "shipped 2.0 (mock)" }],
        expect: [
          { kind: "approvalRequested", tool: "ship_site", answer: "approve" },
          { kind: "contains", value: "Shipped 2.0" },
          { kind: "judge", rubric: "Says it shipped.", model: "scripted:judge" },
        ],
      },
    ]);
    const shipped = await finished(await start({ datasetId: shipping, agentId: created.json.agent.id }));
    expect(shipped.status).toBe("completed");
    const entry = shipped.cases[0];
    expect(entry.passed, JSON.stringify(entry)).toBe(true);
    expect(entry.verdicts.map((v) => v.passed)).toEqual([true, true, true]);
    expect(entry.toolCalls).toEqual([expect.objectContaining({ name: "ship_site", mocked: true })]);
    expect(entry.judgeCostNanoUsd).toBeGreaterThanOrEqual(0);
    // Every case ran on the worker: its runs are this worker's, none is left running.
    expect(await t.db.run.count({ where: { status: "running" } })).toBe(0);
    expect(await t.db.runLease.count()).toBe(0);
    await stopQueueMode(worker, false);
  }, 120_000);

  it("a worker stopping mid-case: another takes the claim over and the case runs again from the start", async () => {
    // Worker A takes the case and is held inside its sandboxed tool call.
    const a = await startWorker(1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inTool = new Promise<void>((r) => (entered = r));
    const invoke = a.deps.invokeSandbox;
    a.deps.invokeSandbox = async (request) => {
      entered();
      await gate;
      return invoke(request);
    };
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const datasetId = await createDataset("queue-takeover", [
      {
        id: "paris",
        messages: ["What is the population of Paris?"],
        expect: [
          { kind: "contains", value: "2103000" },
          { kind: "toolCalled", name: "city_population" },
          { kind: "maxRequests", value: 2 },
        ],
      },
    ]);
    const id = await start({ datasetId, agentId: atlas.id, concurrency: 1 });
    await inTool;
    const first = await t.db.experimentCase.findFirstOrThrow({ where: { experimentId: id } });
    expect(first.status).toBe("running");
    const firstConversation = first.conversationId!;
    const lease = await t.db.runLease.findUniqueOrThrow({ where: { conversationId: firstConversation } });
    expect(lease.owner).toBe(a.executor.owner);

    // A "dies": its lease is no longer renewed by it and lapses (as after a kill); B takes it over.
    await t.db.runLease.update({
      where: { token: lease.token },
      data: { owner: "a-worker-that-died", leaseUntil: new Date(Date.now() - 1000) },
    });
    await startWorker();
    const v = await finished(id);
    release();
    await until(
      "worker A to let go",
      async () => a.active.size(),
      (n) => n === 0,
    );

    expect(v.status).toBe("completed");
    const entry = v.cases[0];
    expect(entry, JSON.stringify(entry)).toMatchObject({ status: "done", passed: true, error: null });
    expect(entry.verdicts.every((x) => x.passed)).toBe(true);
    // It ran again on a new conversation; the stopped attempt's stays, its run interrupted.
    expect(entry.conversationId).not.toBe(firstConversation);
    expect(await t.db.conversation.count({ where: { experimentId: id } })).toBe(2);
    const stopped = await t.db.run.findFirstOrThrow({ where: { conversationId: firstConversation, kind: "turn" } });
    expect(stopped.status).toBe("interrupted");
    const rerun = await t.db.run.findMany({ where: { conversationId: entry.conversationId!, kind: "turn" } });
    expect(rerun.map((r) => r.status)).toEqual(["completed"]);
    expect(entry.requests).toBe(2);
  }, 120_000);
});
