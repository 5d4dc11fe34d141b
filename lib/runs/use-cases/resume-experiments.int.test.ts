/**
 * Experiments resumed after the process scheduling them stopped (SQLite, and PostgreSQL when
 * ATELIER_TEST_PG_URL is set; docs/evals.md, "When a process stops"): the state a stopped process
 * leaves is written as it would be — an experiment `running` with an entry judged, entries
 * `running` (one with a started conversation, one claimed before its conversation existed, one on
 * its last attempt) and one `queued` — then two processes start at once (recover-at-start.ts):
 * every unfinished entry runs exactly once, from the start on a new conversation, within the
 * experiment's concurrency; the judged entry keeps its verdicts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonColumn } from "@/lib/db/json-column";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { getExperiment } from "@/lib/evals/read-experiments";
import { closeServer } from "@/lib/server/server";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import { recoverAtStart } from "../infra/recover-at-start";
import { claimLease, newLeaseToken } from "../infra/queue/run-lease";
import { takeOverLease } from "../infra/queue/take-over-run";
import { MAX_CASE_ATTEMPTS, restartedError } from "./experiment-case-rows";
import { resumeExperiments, STALLED_AFTER_MS } from "./resume-experiments";

let t: TestDatabase;
let workspaceId = "";
let atlasId = "";
let atlasVersion = 0;
let datasetId = "";

const PARIS = {
  messages: ["What is the population of Paris?"],
  expect: [
    { kind: "contains", value: "2103000" },
    { kind: "toolCalled", name: "city_population" },
  ],
};

beforeAll(async () => {
  t = await createTestDatabase();
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  workspaceId = await currentWorkspaceId(t.db);
  const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
  atlasId = atlas.id;
  atlasVersion = (
    await t.db.agentVersion.findFirstOrThrow({ where: { agentId: atlasId }, orderBy: { version: "desc" } })
  ).version;
  const dataset = await t.db.dataset.create({ data: { workspaceId, name: "resume", currentRevision: 1 } });
  datasetId = dataset.id;
  const cases = ["done", "started", "unborn", "queued", "last-try"].map((id) => ({ id, ...PARIS }));
  await t.db.datasetRevision.create({
    data: { datasetId, revision: 1, cases: jsonColumn(cases), mocks: jsonColumn([]) },
  });
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

const LONG_AGO = new Date(Date.now() - 10 * 60_000);

async function experimentRow(concurrency: number) {
  return t.db.experiment.create({
    data: {
      workspaceId,
      datasetId,
      datasetRevision: 1,
      agentId: atlasId,
      agentVersion: atlasVersion,
      concurrency,
      status: "running",
      startedAt: LONG_AGO,
      createdAt: LONG_AGO,
      createdByName: "a stopped process",
    },
  });
}
async function conversationOf(experimentId: string, withRun: "running" | "interrupted" | null) {
  const c = await t.db.conversation.create({
    data: { workspaceId, agentId: atlasId, agentVersion: atlasVersion, experimentId, title: "x" },
  });
  if (withRun)
    await t.db.run.create({
      data: {
        conversationId: c.id,
        agentId: atlasId,
        agentVersion: atlasVersion,
        status: withRun,
        startedAt: LONG_AGO,
      },
    });
  return c.id;
}
async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const finished = (id: string) =>
  until(
    `experiment ${id}`,
    () => getExperiment(t.db, id),
    (v) => ["completed", "cancelled", "failed"].includes(v.status),
  );

describe("resuming experiments at start", () => {
  it("two processes starting at once run each unfinished entry exactly once; judged entries keep their verdicts", async () => {
    const e = await experimentRow(2);
    const key = (index: number) => ({ experimentId: e.id, index, repetition: 0 });
    const judged = await conversationOf(e.id, "interrupted");
    const started = await conversationOf(e.id, "running");
    const lastTry = await conversationOf(e.id, "running");
    const kept = [{ kind: "contains", passed: true, reason: "kept from before the stop" }];
    await t.db.experimentCase.createMany({
      data: [
        {
          ...key(0),
          caseId: "done",
          status: "done",
          passed: true,
          verdicts: jsonColumn(kept),
          conversationId: judged,
          startedAt: LONG_AGO,
          finishedAt: LONG_AGO,
        },
        { ...key(1), caseId: "started", status: "running", conversationId: started, startedAt: LONG_AGO },
        { ...key(2), caseId: "unborn", status: "running", conversationId: null, startedAt: LONG_AGO },
        { ...key(3), caseId: "queued", status: "queued" },
        {
          ...key(4),
          caseId: "last-try",
          status: "running",
          conversationId: lastTry,
          startedAt: LONG_AGO,
          error: JSON.stringify(restartedError(MAX_CASE_ATTEMPTS - 1, "stopped before")),
        },
      ],
    });

    const a = testRunRuntime(t.db, { dialect: t.target.kind });
    const b = testRunRuntime(t.db, { dialect: t.target.kind });
    // Each process's cases: never more than the experiment's concurrency at once across both.
    let peak = 0;
    const watch = setInterval(() => {
      void t.db.experimentCase
        .count({ where: { experimentId: e.id, status: "running" } })
        .then((n) => (peak = Math.max(peak, n)));
    }, 20);
    await Promise.all([recoverAtStart(a), recoverAtStart(b)]);
    const v = await finished(e.id);
    clearInterval(watch);

    expect(v.status).toBe("completed");
    expect(v.cases.map((c) => [c.caseId, c.status, c.passed])).toEqual([
      ["done", "done", true],
      ["started", "done", true],
      ["unborn", "done", true],
      ["queued", "done", true],
      ["last-try", "done", false],
    ]);
    // The judged entry is untouched.
    expect(v.cases[0].verdicts).toEqual(kept);
    expect(v.cases[0].conversationId).toBe(judged);
    // The others ran from the start on new conversations, one each.
    const rerun = v.cases.slice(1, 4).map((c) => c.conversationId!);
    expect(new Set(rerun).size).toBe(3);
    expect(rerun).not.toContain(started);
    for (const c of v.cases.slice(1, 4)) {
      expect(c.error).toBeNull();
      expect(c.verdicts.every((x) => x.passed)).toBe(true);
    }
    for (const id of rerun) expect(await t.db.run.count({ where: { conversationId: id, kind: "turn" } })).toBe(1);
    // Exactly once: the three old conversations and three new ones, no more.
    expect(await t.db.conversation.count({ where: { experimentId: e.id } })).toBe(6);
    // The stopped attempt's run ended interrupted; its conversation stays.
    expect((await t.db.run.findFirstOrThrow({ where: { conversationId: started } })).status).toBe("interrupted");
    // The entry on its last attempt is not started again.
    expect(v.cases[4].error?.type).toBe("RunInterrupted");
    expect(v.cases[4].error?.message).toMatch(new RegExp(`interrupted ${MAX_CASE_ATTEMPTS} times`));
    expect(v.cases[4].conversationId).toBe(lastTry);
    expect(peak).toBeLessThanOrEqual(2 + 1); // a start can overlap the other process's by one (docs/evals.md)
  }, 120_000);

  it("leaves alone what moved recently (queue mode's grace), and cancelled experiments", async () => {
    const e = await experimentRow(1);
    const fresh = await conversationOf(e.id, null);
    await t.db.experiment.update({ where: { id: e.id }, data: { startedAt: new Date() } });
    await t.db.experimentCase.create({
      data: {
        experimentId: e.id,
        index: 0,
        repetition: 0,
        caseId: "done",
        status: "running",
        conversationId: fresh,
        startedAt: new Date(),
      },
    });
    const cancelled = await experimentRow(1);
    await t.db.experiment.update({
      where: { id: cancelled.id },
      data: { status: "cancelled", cancelRequestedAt: new Date() },
    });
    const rt = testRunRuntime(t.db, { dialect: t.target.kind });

    expect(await resumeExperiments(rt, { graceMs: STALLED_AFTER_MS })).toEqual([]);
    expect(await t.db.experimentCase.findFirstOrThrow({ where: { experimentId: e.id } })).toMatchObject({
      status: "running",
      conversationId: fresh,
    });
    // Once nothing claims it and it is old enough, it runs again; a conversation that never started
    // a run does not count as an attempt.
    const resumed = await resumeExperiments(rt, { graceMs: 0 });
    expect(resumed).toContain(e.id);
    expect(resumed).not.toContain(cancelled.id);
    const v = await finished(e.id);
    expect(v.cases[0]).toMatchObject({ status: "done", passed: true, error: null });
    expect(v.cases[0].conversationId).not.toBe(fresh);
  }, 120_000);

  it("a case whose worker stopped mid-run: the takeover queues it again and it runs from the start", async () => {
    const e = await experimentRow(1);
    const stopped = await conversationOf(e.id, "running");
    const key = { experimentId: e.id, index: 0, repetition: 0 };
    await t.db.experimentCase.create({
      data: { ...key, caseId: "done", status: "running", conversationId: stopped, startedAt: LONG_AGO },
    });
    // The stopped worker's claim: made before the run started, owned, its lease lapsed.
    const job = {
      kind: "experiment-case" as const,
      conversationId: stopped,
      token: newLeaseToken(),
      ...key,
      actor: { id: null, name: "a stopped process", roles: ["operator"] },
    };
    expect(await claimLease(t.db, job)).toBe(true);
    const lease = await t.db.runLease.update({
      where: { token: job.token },
      data: {
        owner: "a-worker-that-died",
        leaseUntil: new Date(Date.now() - 1000),
        createdAt: new Date(LONG_AGO.getTime() - 1000),
      },
    });
    const rt = testRunRuntime(t.db, { dialect: t.target.kind });

    expect(await takeOverLease({ rt, lease: rt.executor }, lease)).toBe("interrupted");
    const requeued = await t.db.experimentCase.findUniqueOrThrow({ where: { experimentId_index_repetition: key } });
    expect(requeued).toMatchObject({ status: "queued", conversationId: null });
    expect(JSON.parse(requeued.error!)).toMatchObject({ type: "RunInterrupted", attempts: 1 });
    expect((await t.db.run.findFirstOrThrow({ where: { conversationId: stopped } })).status).toBe("interrupted");
    expect(await t.db.runLease.count({ where: { conversationId: stopped } })).toBe(0);

    // The scheduler's next pass (here: the resume a start runs) runs it again.
    await resumeExperiments(rt);
    const v = await finished(e.id);
    expect(v.cases[0]).toMatchObject({ status: "done", passed: true, error: null });
    expect(v.cases[0].conversationId).not.toBe(stopped);
  }, 120_000);
});
