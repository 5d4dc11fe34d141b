/**
 * Migration 20261201212714_usage_agent_version on usage written before it: each record takes the
 * version its run recorded (1 when the run has none, is gone, or for usage outside runs), the
 * rollup is rebuilt per version equal to the records, and the recreated triggers keep it so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./migrations";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

const BEFORE = "20261201205808_agent_versions";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrateUpTo: BEFORE });
});
afterAll(async () => t?.cleanup());

const dbKind = process.env.ATELIER_TEST_PG_URL ? "PostgreSQL" : "SQLite";

/** The rollup as the sums over the records per (day, agentId, agentVersion, provider, model, priced). */
async function rollupAndRecordSums() {
  const rollup = await t.db.usageDailyRollup.findMany();
  const records = await t.db.usageRecord.findMany();
  const expected = new Map<string, [number, number, number]>();
  for (const r of records) {
    const key = [r.day, r.agentId, r.agentVersion, r.provider, r.model, r.priced].join("|");
    const e = expected.get(key) ?? [0, 0, 0];
    expected.set(key, [e[0] + 1, e[1] + r.totalTokens, e[2] + Number(r.costNanoUsd)]);
  }
  const actual = new Map(
    rollup.map((g) => [
      [g.day, g.agentId, g.agentVersion, g.provider, g.model, g.priced].join("|"),
      [Number(g.events), Number(g.totalTokens), Number(g.costNanoUsd)],
    ]),
  );
  return { actual, expected };
}

describe(`migration usage_agent_version on ${dbKind}`, () => {
  it("backfills each record's version from its run, rebuilds the rollup per version, and the triggers keep it", async () => {
    const ws = await t.db.workspace.create({ data: { slug: "mig", name: "Mig" } });
    const agent = await t.db.agent.create({ data: { workspaceId: ws.id, name: "a", config: {} } });
    // Written in SQL: the schema's later columns (Conversation.context) do not exist yet.
    await t.db.$executeRawUnsafe(
      `INSERT INTO "Conversation" ("id", "workspaceId", "agentId", "createdAt", "updatedAt") SELECT 'conv', '${ws.id}', '${agent.id}', "createdAt", "createdAt" FROM "Workspace" WHERE "id" = '${ws.id}'`,
    );
    const conv = { id: "conv" };
    // Runs in SQL too: Run's later columns (userId, apiTokenId) do not exist yet.
    const run = (id: string, agentVersion: number | null) =>
      t.db.$executeRawUnsafe(
        `INSERT INTO "Run" ("id", "conversationId", "agentId", "status", "agentVersion") VALUES ('${id}', '${conv.id}', '${agent.id}', 'completed', ${agentVersion ?? "NULL"})`,
      );
    await run("old", null); // before agent versions
    await run("r1", 1);
    await run("r2", 2);
    await run("r3", 3);
    // Usage as the writer wrote it before this migration: no version column.
    const rows: Array<[string, number, number, boolean]> = [
      ["old", 100, 0, false],
      ["r1", 200, 1_000, true],
      ["r2", 300, 2_000, true],
      ["r2", 400, 0, false],
      ["r3", 500, 3_000, true],
      ["", 600, 0, false], // a compaction outside runs
      ["gone", 700, 4_000, true], // a run no longer stored
    ];
    let seq = 0;
    for (const [runId, tokens, cost, priced] of rows)
      await t.db.$executeRawUnsafe(
        `INSERT INTO "UsageRecord" ("id", "conversationId", "eventSeq", "runId", "rootRunId", "agentId", "provider", "model", "inputTokens", "outputTokens", "totalTokens", "costNanoUsd", "priced", "day")
         VALUES ('u${++seq}', '${conv.id}', ${seq}, '${runId}', '${runId}', '${agent.id}', 'openai', 'gpt-4o', ${tokens}, 0, ${tokens}, ${cost}, ${priced ? "TRUE" : "FALSE"}, '2026-11-2${seq % 2}')`,
      );

    await t.db.$disconnect(); // SQLite: the schema engine writes through a connection of its own
    const applied = await applyMigrations(t.target);
    expect(applied.applied[0]).toBe("20261201212714_usage_agent_version");

    const records = await t.db.usageRecord.findMany({ orderBy: { eventSeq: "asc" } });
    expect(records.map((r) => [r.runId, r.agentVersion])).toEqual([
      ["old", 1],
      ["r1", 1],
      ["r2", 2],
      ["r2", 2],
      ["r3", 3],
      ["", 1],
      ["gone", 1],
    ]);
    let sums = await rollupAndRecordSums();
    expect(sums.actual).toEqual(sums.expected);
    expect(new Set([...sums.actual.keys()].map((k) => k.split("|")[2]))).toEqual(new Set(["1", "2", "3"]));

    // After the migration: inserts, version changes (alone and with other columns) and deletes.
    await t.db.usageRecord.create({
      data: {
        conversationId: conv.id,
        eventSeq: 100,
        runId: "r4",
        rootRunId: "r4",
        agentId: agent.id,
        agentVersion: 4,
        provider: "openai",
        model: "gpt-4o",
        inputTokens: 10,
        outputTokens: 1,
        totalTokens: 11,
        costNanoUsd: 50n,
        priced: true,
        day: "2026-11-21",
      },
    });
    await t.db.usageRecord.update({ where: { id: "u3" }, data: { agentVersion: 4 } });
    await t.db.usageRecord.updateMany({ where: { runId: "r3" }, data: { agentVersion: 2, costNanoUsd: 3_333n } });
    await t.db.usageRecord.deleteMany({ where: { runId: "gone" } });
    sums = await rollupAndRecordSums();
    expect(sums.actual).toEqual(sums.expected);
    expect(sums.actual.size).toBeGreaterThan(3);

    await t.db.usageRecord.deleteMany({});
    expect(await t.db.usageDailyRollup.count()).toBe(0);
  });
});
