import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { PRICE_VERSION } from "./price-usage";
import { repriceUsage } from "./reprice-usage";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const at = new Date("2026-06-01T12:00:00Z");

describe("repriceUsage", () => {
  it("fixes wrongly priced records, re-totals their runs, and changes nothing the second time", async () => {
    const db = t.db;
    const ws = await db.workspace.create({ data: { slug: "reprice", name: "Reprice" } });
    const agent = await db.agent.create({ data: { workspaceId: ws.id, name: "pricer", config: {} } });
    const conv = await db.conversation.create({ data: { workspaceId: ws.id, agentId: agent.id } });
    const run = (costNanoUsd: bigint) =>
      db.run.create({ data: { conversationId: conv.id, agentId: agent.id, status: "completed", costNanoUsd } });
    const wrongRun = await run(1n);
    const demoRun = await run(5n);
    const rightRun = await run(999n); // not the sum of its record, but nothing of it changes: left alone
    let seq = 0;
    const record = (
      runId: string,
      provider: string,
      model: string,
      tokens: [number, number, number, number],
      cost: bigint,
      priced: boolean,
      priceVersion: string | null,
    ) =>
      db.usageRecord.create({
        data: {
          conversationId: conv.id,
          eventSeq: ++seq,
          runId,
          rootRunId: runId,
          agentId: agent.id,
          provider,
          model,
          requestedModel: `${provider}:${model}`,
          inputTokens: tokens[0],
          outputTokens: tokens[1],
          cacheReadTokens: tokens[2],
          cacheWriteTokens: tokens[3],
          totalTokens: tokens[0] + tokens[1],
          costNanoUsd: cost,
          priced,
          priceVersion,
          day: "2026-06-01",
          createdAt: at,
        },
      });
    // gpt-4o: 1034 × 2500 + 200 × 1250 + 567 × 10000 = 8_505_000 nano-USD, stored as 1 and unpriced.
    const wrong = await record(wrongRun.id, "openai", "gpt-4o", [1234, 567, 200, 0], 1n, false, null);
    // claude-sonnet-4-5, already right: 2000 × 3000 + 6000 × 300 + 2000 × 3750 + 500 × 15000.
    const right = await record(
      wrongRun.id,
      "anthropic",
      "claude-sonnet-4-5",
      [10_000, 500, 6000, 2000],
      22_800_000n,
      true,
      PRICE_VERSION,
    );
    // The demo model is never priced.
    const demo = await record(demoRun.id, "demo", "demo", [100, 10, 0, 0], 5n, true, "old");
    await record(rightRun.id, "openai", "gpt-4o", [1234, 567, 200, 0], 8_505_000n, true, PRICE_VERSION);
    // A record whose run is gone: still re-priced (1000 × 2500 + 100 × 10000).
    const orphan = await record("no-such-run", "openai", "gpt-4o", [1000, 100, 0, 0], 7n, true, PRICE_VERSION);

    const summary = await repriceUsage(db, { batchSize: 2 });
    expect(summary).toEqual({
      records: 5,
      changed: 3,
      runs: 2,
      totalBeforeNanoUsd: 1n + 22_800_000n + 5n + 8_505_000n + 7n,
      totalAfterNanoUsd: 8_505_000n + 22_800_000n + 0n + 8_505_000n + 3_500_000n,
    });

    const byId = async (id: string) =>
      db.usageRecord.findUniqueOrThrow({
        where: { id },
        select: { costNanoUsd: true, priced: true, priceVersion: true },
      });
    expect(await byId(wrong.id)).toEqual({ costNanoUsd: 8_505_000n, priced: true, priceVersion: PRICE_VERSION });
    expect(await byId(right.id)).toEqual({ costNanoUsd: 22_800_000n, priced: true, priceVersion: PRICE_VERSION });
    expect(await byId(demo.id)).toEqual({ costNanoUsd: 0n, priced: false, priceVersion: null });
    expect(await byId(orphan.id)).toEqual({ costNanoUsd: 3_500_000n, priced: true, priceVersion: PRICE_VERSION });

    const runCost = async (id: string) =>
      (await db.run.findUniqueOrThrow({ where: { id }, select: { costNanoUsd: true } })).costNanoUsd;
    expect(await runCost(wrongRun.id)).toBe(8_505_000n + 22_800_000n);
    expect(await runCost(demoRun.id)).toBe(0n);
    expect(await runCost(rightRun.id)).toBe(999n);

    const again = await repriceUsage(db);
    expect(again).toMatchObject({ records: 5, changed: 0, runs: 0 });
    expect(again.totalBeforeNanoUsd).toBe(again.totalAfterNanoUsd);
  });

  it("re-prices each record at its own time, with the prices then in force", async () => {
    const db = t.db;
    const ws = await db.workspace.create({ data: { slug: "reprice-dated", name: "Dated" } });
    const agent = await db.agent.create({ data: { workspaceId: ws.id, name: "dated", config: {} } });
    const conv = await db.conversation.create({ data: { workspaceId: ws.id, agentId: agent.id } });
    const run = await db.run.create({ data: { conversationId: conv.id, agentId: agent.id, status: "completed" } });
    // claude-opus-4-6 above 200k input tokens: 10 / 37.5 per million until 2026-03-13, 5 / 25 from then.
    for (const [seq, createdAt] of [
      [1, new Date("2026-01-10T00:00:00Z")],
      [2, new Date("2026-04-10T00:00:00Z")],
    ] as const) {
      await db.usageRecord.create({
        data: {
          conversationId: conv.id,
          eventSeq: seq,
          runId: run.id,
          rootRunId: run.id,
          agentId: agent.id,
          provider: "anthropic",
          model: "claude-opus-4-6",
          inputTokens: 300_000,
          outputTokens: 1000,
          totalTokens: 301_000,
          costNanoUsd: 0n,
          priced: false,
          day: createdAt.toISOString().slice(0, 10),
          createdAt,
        },
      });
    }
    await repriceUsage(db);
    const costs = await db.usageRecord.findMany({
      where: { runId: run.id },
      orderBy: { eventSeq: "asc" },
      select: { costNanoUsd: true },
    });
    expect(costs.map((c) => c.costNanoUsd)).toEqual([3_037_500_000n, 1_525_000_000n]);
    expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).costNanoUsd).toBe(4_562_500_000n);
  });
});
