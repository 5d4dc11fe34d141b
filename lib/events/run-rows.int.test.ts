/**
 * A run's row through the event writer's transaction (run-rows.ts) on a migrated database: the
 * insert commits with the run's first events and reads back as the model query writes it (times,
 * nulls, `running`), the end commits with RunFinished (a cost past 2^53 kept exact, the error's
 * text), several runs of one tick go in one statement each, and a run whose conversation is gone
 * fails its own insert (the batch's foreign key) without leaving a row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { EventWriter } from "./event-writer";
import { newEvent } from "./event-types";
import type { NewRunRow } from "./run-rows";

let t: TestDatabase;
let workspaceId = "";
let agentId = "";
beforeAll(async () => {
  t = await createTestDatabase();
  workspaceId = (await t.db.workspace.create({ data: { slug: "run-rows", name: "Run rows" } })).id;
  agentId = (await t.db.agent.create({ data: { workspaceId, name: "r", config: {} } })).id;
});
afterAll(async () => t?.cleanup());

const conversation = async () => (await t.db.conversation.create({ data: { workspaceId, agentId } })).id;
const runRow = (id: string, conversationId: string, extra: Partial<NewRunRow> = {}): NewRunRow => ({
  id,
  conversationId,
  agentId,
  agentVersion: 3,
  parentRunId: null,
  parentToolCallId: null,
  kind: "turn",
  rootRunId: id,
  depth: 0,
  model: "demo:demo",
  userId: null,
  apiTokenId: null,
  ...extra,
});

describe("run rows in the writer's transaction", () => {
  it("inserts a run with its first events and ends it with RunFinished, every column as given", async () => {
    const writer = new EventWriter(t.db, t.target.kind);
    const id = await conversation();
    const before = Date.now();
    await Promise.all([
      writer.insertRun(runRow("run-a", id, { kind: "child", parentRunId: "p", parentToolCallId: "c", depth: 2 })),
      writer.append(id, [
        { event: newEvent("run-a", "RunStarted", { kind: "child", parentRunId: "p", agentId, model: "demo:demo" }) },
      ]),
    ]);
    const started = await t.db.run.findUniqueOrThrow({ where: { id: "run-a" } });
    expect(started).toMatchObject({
      conversationId: id,
      agentId,
      agentVersion: 3,
      kind: "child",
      parentRunId: "p",
      parentToolCallId: "c",
      rootRunId: "run-a",
      depth: 2,
      status: "running",
      model: "demo:demo",
      stopReason: null,
      finishedAt: null,
      costNanoUsd: 0n,
      userId: null,
    });
    expect(started.startedAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(started.startedAt.getTime()).toBeLessThanOrEqual(Date.now());

    const cost = 2n ** 60n + 7n;
    await writer.endRun("run-a", {
      status: "failed",
      stopReason: "error",
      error: JSON.stringify({ type: "Error", message: 'it\'s "quoted"' }),
      model: "demo:other",
      requests: 2,
      toolCalls: 1,
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 15,
      costNanoUsd: cost,
    });
    const ended = await t.db.run.findUniqueOrThrow({ where: { id: "run-a" } });
    expect(ended).toMatchObject({
      status: "failed",
      stopReason: "error",
      error: '{"type":"Error","message":"it\'s \\"quoted\\""}',
      model: "demo:other",
      requests: 2,
      toolCalls: 1,
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 15,
      costNanoUsd: cost,
    });
    expect(ended.finishedAt!.getTime()).toBeGreaterThanOrEqual(started.startedAt.getTime());
    // Ordered like rows the model query wrote (the open-run lookups order by startedAt).
    const later = await t.db.run.create({
      data: { conversationId: id, agentId, kind: "turn", status: "running", model: "demo:demo" },
    });
    const newest = await t.db.run.findFirst({ where: { conversationId: id }, orderBy: { startedAt: "desc" } });
    expect(newest?.id).toBe(later.id);
  });

  it("writes the runs of one tick in one batch, and their ends in the next", async () => {
    const writer = new EventWriter(t.db, t.target.kind);
    const ids = await Promise.all([conversation(), conversation(), conversation()]);
    await Promise.all(ids.map((c, i) => writer.insertRun(runRow(`run-b${i}`, c))));
    await Promise.all(
      ids.map((_, i) =>
        writer.endRun(`run-b${i}`, {
          status: "completed",
          stopReason: "end_turn",
          error: null,
          model: null,
          requests: i,
          toolCalls: 0,
          inputTokens: 0,
          outputTokens: 0,
          totalTokens: 0,
          costNanoUsd: i,
        }),
      ),
    );
    const rows = await t.db.run.findMany({
      where: { id: { in: ["run-b0", "run-b1", "run-b2"] } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.status, r.requests, r.costNanoUsd, r.model])).toEqual([
      ["completed", 0, 0n, null],
      ["completed", 1, 1n, null],
      ["completed", 2, 2n, null],
    ]);
  });

  it("fails the insert of a run whose conversation is gone, leaving no row", async () => {
    const writer = new EventWriter(t.db, t.target.kind);
    await expect(writer.insertRun(runRow("run-gone", "no-such-conversation"))).rejects.toThrow();
    expect(await t.db.run.findUnique({ where: { id: "run-gone" } })).toBeNull();
    // The writer goes on.
    const id = await conversation();
    await writer.insertRun(runRow("run-after", id));
    expect((await t.db.run.findUniqueOrThrow({ where: { id: "run-after" } })).status).toBe("running");
  });
});
