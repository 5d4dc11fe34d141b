import pg from "pg";
import { postgresAvailable } from "../scripts/lib/throwaway-postgres";
import { expect, test } from "./fixtures";
import { ADMIN, Cluster, readSse, type Proc, type SseEvent } from "./queue-cluster";

/**
 * Queue mode with real processes: two web processes (ATELIER_ROLE=web) and two workers
 * (`npm run worker`) on one throwaway PostgreSQL. Runs are accepted on one web process, executed by
 * a worker, and streamed by any web process; a killed worker's turn is taken over within the lease
 * (3 s here); a killed web process stops nothing.
 */
const PORT_A = Number(process.env.E2E_QUEUE_PORT ?? 3131);
const PORT_B = PORT_A + 1;
const A = `http://localhost:${PORT_A}`;
const B = `http://localhost:${PORT_B}`;
const JSON_HEADERS = { ...ADMIN, "content-type": "application/json" };

const cluster = new Cluster();
let webA: Proc;
const workers: Proc[] = [];

test.skip(!postgresAvailable(), "PostgreSQL binaries (initdb, pg_ctl) are not on the PATH");
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await cluster.startDatabase();
  webA = await cluster.startWeb("web-a", PORT_A); // migrates and seeds the demo workspace
  workers.push(cluster.startWorker("worker-1"), cluster.startWorker("worker-2"));
  await cluster.startWeb("web-b", PORT_B);
  await expect
    .poll(async () => (await (await fetch(`${A}/api/health`, { headers: ADMIN })).json()).runs?.liveWorkers, {
      timeout: 60_000,
    })
    .toBe(2);
});

test.afterAll(async () => {
  await cluster.stop();
});

async function api<T = Record<string, unknown>>(base: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: JSON_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

async function agentIdOf(name: string): Promise<string> {
  const { agents } = await api<{ agents: Array<{ id: string; name: string }> }>(A, "/api/agents");
  const agent = agents.find((a) => a.name === name);
  if (!agent) throw new Error(`no agent ${name}`);
  return agent.id;
}

async function newConversation(base: string, agentName: string): Promise<string> {
  return (await api<{ id: string }>(base, "/api/conversations", { agentId: await agentIdOf(agentName) })).id;
}

const turnOver = (events: SseEvent[]) =>
  events.some((e) => e.event === "RunFinished" && (e.data.data as { status: string }).status !== "suspended");
const suspended = (events: SseEvent[]) =>
  events.some((e) => e.event === "RunFinished" && (e.data.data as { status: string }).status === "suspended");

/** Follows the conversation's live tail on `base` until `until`. */
function follow(base: string, conversationId: string, until: (events: SseEvent[]) => boolean, after = 0) {
  return readSse(
    `${base}/api/conversations/${conversationId}/events?after=${after}`,
    { headers: { ...ADMIN, accept: "text/event-stream" } },
    until,
    60_000,
  );
}

function post(base: string, conversationId: string, content: string, until = turnOver) {
  return readSse(
    `${base}/api/conversations/${conversationId}/messages`,
    { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ content }) },
    until,
    60_000,
  );
}

/** Stored events only, with contiguous seq from 1 and no event twice. */
function expectContiguous(events: SseEvent[]) {
  const seqs = events.filter((e) => e.id !== null).map((e) => e.id!);
  expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
}

async function storedEvents(conversationId: string) {
  const { events } = await api<{
    events: Array<{ seq: number; type: string; runId: string; data: Record<string, unknown> }>;
  }>(A, `/api/conversations/${conversationId}/events?after=0`);
  return events;
}

async function leaseOwner(conversationId: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT owner FROM "RunLease" WHERE "conversationId" = $1', [conversationId]);
    return rows[0]?.owner ?? null;
  } finally {
    await client.end();
  }
}

async function slowAgent(name: string, sideEffecting: boolean): Promise<string> {
  const toolName = `${name}_lookup`;
  const source = [
    'import { tool } from "atelier";',
    "",
    "/**",
    " * Look an order up slowly: long enough to stop its worker while it runs.",
    " *",
    ' * @param orderId The order to look up, e.g. "Q-1".',
    " */",
    `export default tool({ sideEffecting: ${sideEffecting}, idempotent: ${!sideEffecting}, timeoutMs: 20000 }, function ${toolName}(orderId: string): string {`,
    "  const until = Date.now() + 2500;",
    "  while (Date.now() < until) {}",
    "  return `order ${orderId} is on its way`;",
    "});",
    "",
  ].join("\n");
  const { tool } = await api<{ tool: { id: string } }>(A, "/api/tools", { source });
  await api(A, "/api/agents", {
    name,
    prompt: { template: "You look orders up when asked.", params: {} },
    model: { provider: "demo", model: "demo" },
    tools: [{ toolId: tool.id }],
  });
  return name;
}

test("a run posted on one web process streams on the other", async () => {
  const conversationId = await newConversation(A, "atlas");
  const followed = follow(B, conversationId, turnOver);
  await new Promise((r) => setTimeout(r, 300)); // the follower is connected before the message
  const posted = await post(A, conversationId, "What is the population of Paris?");
  expect(posted.status).toBe(200);
  const seen = await followed;
  const types = seen.events.filter((e) => e.id !== null).map((e) => e.event);
  expect(types[0]).toBe("RunStarted");
  expect(types).toContain("ToolCallEvent");
  expect(types).toContain("ToolReturnEvent");
  expect(types.at(-1)).toBe("RunFinished");
  expectContiguous(seen.events);
  // Both streams saw the same stored events.
  expect(posted.events.filter((e) => e.id !== null).map((e) => e.id)).toEqual(
    seen.events.filter((e) => e.id !== null).map((e) => e.id),
  );
  // A second message while the first is claimed is refused whichever web process it reaches.
  const stored = await storedEvents(conversationId);
  expect(stored.filter((e) => e.type === "RunStarted")).toHaveLength(1);
});

test("a second message is refused on the other web process while a turn is claimed", async () => {
  await slowAgent("queue_slow_reader", false);
  const conversationId = await newConversation(A, "queue_slow_reader");
  const first = post(A, conversationId, "Please look order Q-1 up");
  await expect.poll(() => leaseOwner(conversationId), { timeout: 10_000 }).not.toBeNull();
  const second = await fetch(`${B}/api/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ content: "and order Q-2?" }),
  });
  expect(second.status).toBe(409);
  expect((await second.json()).error.code).toBe("RunInProgress");
  expect(turnOver((await first).events)).toBe(true);
});

test("a decision on one web process resumes a run followed on the other", async () => {
  const conversationId = await newConversation(A, "billing");
  const held = await post(A, conversationId, "Please refund order A-1001, amount 25 dollars", suspended);
  expect(suspended(held.events)).toBe(true);
  const lastSeq = Math.max(...held.events.filter((e) => e.id !== null).map((e) => e.id!));
  const { approvals } = await api<{ approvals: Array<{ id: string; conversationId: string; argumentsHash: string }> }>(
    B,
    "/api/approvals?status=pending",
  );
  const approval = approvals.find((a) => a.conversationId === conversationId)!;
  const followed = follow(B, conversationId, turnOver, lastSeq);
  await new Promise((r) => setTimeout(r, 300));
  await api(A, `/api/approvals/${approval.id}/decision`, {
    decision: "approve",
    argumentsHash: approval.argumentsHash,
  });
  const seen = await followed;
  expect(turnOver(seen.events)).toBe(true);
  const stored = await storedEvents(conversationId);
  const returns = stored.filter((e) => e.type === "ToolReturnEvent" && e.data.toolName === "refund");
  expect(returns).toHaveLength(1); // the refund ran exactly once
  expect(returns[0].data.success).toBe(true);
  expect(stored.at(-1)!.data.status).toBe("completed");
});

async function killOwnerMidRun(conversationId: string): Promise<Proc> {
  await expect.poll(() => leaseOwner(conversationId), { timeout: 10_000 }).toMatch(/^worker-/);
  // The slow tool has started on the owning worker: kill that worker.
  await expect
    .poll(async () => (await storedEvents(conversationId)).some((e) => e.type === "ToolCallEvent"), { timeout: 10_000 })
    .toBe(true);
  const owner = (await leaseOwner(conversationId))!;
  // Each worker prints its owner id when it starts taking jobs.
  const victim = workers.find((w) => w.log.join("").includes(owner));
  expect(victim, `the worker ${owner}`).toBeTruthy();
  await cluster.kill(victim!, "SIGKILL");
  return victim!;
}

test("a worker killed mid-run: its pure step is taken over and resumed, nothing twice", async () => {
  await slowAgent("queue_slow_pure", false);
  const conversationId = await newConversation(A, "queue_slow_pure");
  const followed = follow(B, conversationId, turnOver);
  await new Promise((r) => setTimeout(r, 300));
  void post(A, conversationId, "Please look order Q-7 up").catch(() => {});
  const victim = await killOwnerMidRun(conversationId);
  const started = Date.now();
  const seen = await followed;
  expect(Date.now() - started).toBeLessThan(15_000);
  const stored = await storedEvents(conversationId);
  expect(stored.filter((e) => e.type === "RunStarted")).toHaveLength(1);
  expect(stored.at(-1)!.type).toBe("RunFinished");
  expect(stored.at(-1)!.data.status).toBe("completed");
  expect(stored.some((e) => e.type === "ToolReturnEvent" && e.data.errorType === "RunTakenOver")).toBe(true);
  expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
  expectContiguous(seen.events.filter((e) => e.id !== null));
  workers.splice(workers.indexOf(victim), 1, cluster.startWorker("worker-3"));
});

test("a worker killed during a side-effecting call: the run ends interrupted, the call never runs twice", async () => {
  await slowAgent("queue_slow_effect", true);
  const conversationId = await newConversation(A, "queue_slow_effect");
  void post(A, conversationId, "Please look order Q-9 up").catch(() => {});
  const victim = await killOwnerMidRun(conversationId);
  await expect
    .poll(async () => (await storedEvents(conversationId)).at(-1)?.type, { timeout: 15_000 })
    .toBe("RunFinished");
  const stored = await storedEvents(conversationId);
  expect(stored.at(-1)!.data.status).toBe("interrupted");
  expect(stored.filter((e) => e.type === "ToolCallEvent")).toHaveLength(1);
  const returns = stored.filter((e) => e.type === "ToolReturnEvent");
  expect(returns).toHaveLength(1);
  expect(returns[0].data.errorType).toBe("RunInterrupted");
  // The conversation takes the next message.
  await expect.poll(() => leaseOwner(conversationId), { timeout: 10_000 }).toBeNull();
  workers.splice(workers.indexOf(victim), 1, cluster.startWorker("worker-4"));
});

test("SIGTERM on a worker mid-run: it stops taking jobs, hands the turn back, and another worker finishes it", async () => {
  await slowAgent("queue_slow_term", false);
  const conversationId = await newConversation(A, "queue_slow_term");
  void post(A, conversationId, "Please look order Q-13 up").catch(() => {});
  await expect.poll(() => leaseOwner(conversationId), { timeout: 10_000 }).toMatch(/^worker-/);
  await expect
    .poll(async () => (await storedEvents(conversationId)).some((e) => e.type === "ToolCallEvent"), { timeout: 10_000 })
    .toBe(true);
  const owner = (await leaseOwner(conversationId))!;
  const victim = workers.find((w) => w.log.join("").includes(owner))!;
  const exited = new Promise<number | null>((resolve) => victim.child.once("exit", (code) => resolve(code)));
  process.kill(-victim.child.pid!, "SIGTERM");
  // The grace period is 2 s here and the tool spins 2.5 s: the worker either finishes the turn in
  // time or hands it back to the other worker — either way it completes once.
  expect(await exited).toBe(0);
  expect(victim.log.join("")).toContain("SIGTERM");
  await expect
    .poll(async () => (await storedEvents(conversationId)).at(-1)?.data.status, { timeout: 15_000 })
    .toBe("completed");
  // Settled: the lease is gone, and nothing was appended after the run finished.
  await expect.poll(() => leaseOwner(conversationId), { timeout: 10_000 }).toBeNull();
  const stored = await storedEvents(conversationId);
  expect(stored.at(-1)!.type).toBe("RunFinished");
  expect(stored.filter((e) => e.type === "RunStarted")).toHaveLength(1);
  expect(stored.filter((e) => e.type === "RunFinished")).toHaveLength(1);
  expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
  await expect.poll(() => leaseOwner(conversationId), { timeout: 10_000 }).toBeNull();
  workers.splice(workers.indexOf(victim), 1, cluster.startWorker("worker-5"));
});

test("a web process killed mid-run does not stop the run", async () => {
  await slowAgent("queue_slow_web", false);
  const conversationId = await newConversation(A, "queue_slow_web");
  void post(A, conversationId, "Please look order Q-11 up").catch(() => {});
  await expect
    .poll(async () => (await storedEvents(conversationId)).some((e) => e.type === "ToolCallEvent"), { timeout: 10_000 })
    .toBe(true);
  await cluster.kill(webA, "SIGKILL");
  const seen = await follow(B, conversationId, turnOver);
  expect(turnOver(seen.events)).toBe(true);
  const last = seen.events.filter((e) => e.event === "RunFinished").at(-1)!;
  expect((last.data.data as { status: string }).status).toBe("completed");
  webA = await cluster.startWeb("web-a2", PORT_A);
});

test("20 concurrent conversations across both web processes complete", async () => {
  test.setTimeout(120_000);
  const cities = ["Paris", "Tokyo", "Lagos", "Lima", "Oslo"];
  const results = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const base = i % 2 ? A : B;
      const conversationId = await newConversation(base, "atlas");
      const r = await post(base, conversationId, `What is the population of ${cities[i % cities.length]}?`);
      const finished = r.events.filter((e) => e.event === "RunFinished").at(-1);
      return (finished?.data.data as { status?: string } | undefined)?.status;
    }),
  );
  expect(results).toEqual(Array(20).fill("completed"));
});
