import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../db/testing/test-database";
import { EventWriter } from "../../../events/event-writer";
import { newEvent } from "../../../events/event-types";
import { OUTSIDE_RUNS, REMAINDER_KEY, splitPeriod, summarizeUsage } from "./summarize-usage";
import {
  periodOf,
  UsageSummary,
  UsageSummaryQuery,
  type UsageGroupBy,
  type UsageRow,
  type UsageTotals,
} from "./usage-summary.shared";

/** A summary as the route answers it (JSON) must satisfy the contract's schema: no issue. */
const contractIssues = (s: UsageSummary) => UsageSummary.safeParse(JSON.parse(JSON.stringify(s))).error?.issues;

let t: TestDatabase;
const dbKind = process.env.ATELIER_TEST_PG_URL ? "PostgreSQL" : "SQLite";

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

/** A small deterministic PRNG, so a failure replays. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Rec = {
  conversationId: string;
  eventSeq: number;
  runId: string;
  rootRunId: string;
  agentId: string;
  agentVersion: number;
  provider: string;
  model: string;
  requestedModel: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  totalTokens: number;
  costNanoUsd: bigint;
  priced: boolean;
  day: string;
  createdAt: Date;
};

const MEASURES = [
  "events",
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "totalTokens",
  "costNanoUsd",
  "unpricedTokens",
  "unpricedEvents",
] as const;

function bruteTotals(records: Rec[]): Omit<UsageTotals, "pricing"> {
  const out = Object.fromEntries(MEASURES.map((m) => [m, 0])) as Record<(typeof MEASURES)[number], number>;
  for (const r of records) {
    out.events += 1;
    out.inputTokens += r.inputTokens;
    out.outputTokens += r.outputTokens;
    out.cacheReadTokens += r.cacheReadTokens;
    out.cacheWriteTokens += r.cacheWriteTokens;
    out.totalTokens += r.totalTokens;
    out.costNanoUsd += Number(r.costNanoUsd);
    if (!r.priced) {
      out.unpricedTokens += r.totalTokens;
      out.unpricedEvents += 1;
    }
  }
  return out;
}

const measuresOf = (x: UsageTotals) => Object.fromEntries(MEASURES.map((m) => [m, x[m]]));

function sumRows(rows: UsageRow[]): Record<string, number> {
  const out = Object.fromEntries(MEASURES.map((m) => [m, 0])) as Record<string, number>;
  for (const r of rows) for (const m of MEASURES) out[m] += r[m];
  return out;
}

const MODELS = [
  ["openai", "gpt-4o", true],
  ["anthropic", "claude-sonnet-4-5", true],
  ["demo", "demo", false],
  ["openai-compatible", "llama3:8b", false],
] as const;

describe(`usage summary on ${dbKind}: random usage, every breakdown adds up to its total exactly`, () => {
  const records: Rec[] = [];
  const agents: string[] = [];
  const t0 = Date.parse("2026-11-01T00:00:00Z");

  beforeAll(async () => {
    const ws = await t.db.workspace.create({ data: { slug: "rollup", name: "Rollup" } });
    for (const name of ["alpha", "beta", "gamma"])
      agents.push((await t.db.agent.create({ data: { workspaceId: ws.id, name, config: {} } })).id);
    const rnd = prng(20261130);
    let seq = 0;
    for (let turn = 0; turn < 60; turn++) {
      const root = turn % 17 === 5 ? "" : `turn${turn}`; // a few compactions outside runs
      const at = t0 + Math.floor(rnd() * 6 * 86_400_000);
      const requests = 1 + Math.floor(rnd() * 5);
      for (let i = 0; i < requests; i++) {
        const [provider, model, priced] = MODELS[Math.floor(rnd() * MODELS.length)];
        const runId = root === "" ? "" : i >= 3 ? `child${turn}` : root;
        const input = Math.floor(rnd() * 50_000);
        const output = Math.floor(rnd() * 4_000);
        const cacheRead = Math.floor(input * rnd() * 0.5);
        const cacheWrite = Math.floor((input - cacheRead) * rnd() * 0.2);
        const createdAt = new Date(at + i * Math.floor(rnd() * 90_000));
        records.push({
          conversationId: `conv${turn % 7}`,
          eventSeq: ++seq,
          runId,
          rootRunId: root,
          agentId: agents[(turn + (runId.startsWith("child") ? 1 : 0)) % agents.length],
          // Each run at one version of its agent (by turn): several versions per agent.
          agentVersion: 1 + ((turn >> 1) % 3),
          provider,
          model,
          requestedModel: `${provider}:${model}`,
          inputTokens: input,
          outputTokens: output,
          cacheReadTokens: cacheRead,
          cacheWriteTokens: cacheWrite,
          totalTokens: input + output,
          // Up to ~$20 a request: sums well past 2^32 nano-USD.
          costNanoUsd: priced ? BigInt(Math.floor(rnd() * 20_000_000_000)) : 0n,
          priced,
          day: createdAt.toISOString().slice(0, 10),
          createdAt,
        });
      }
    }
    await t.db.usageRecord.createMany({ data: records.slice(0, 100) });
    for (const r of records.slice(100)) await t.db.usageRecord.create({ data: r });
    // Re-pricing and deleting records keeps the rollup equal to them.
    const repriced = records.filter((r) => r.priced).slice(0, 10);
    for (const r of repriced) {
      r.costNanoUsd += 7n;
      await t.db.usageRecord.update({
        where: { conversationId_eventSeq: { conversationId: r.conversationId, eventSeq: r.eventSeq } },
        data: { costNanoUsd: r.costNanoUsd },
      });
    }
    const unpriced = records.find((r) => !r.priced)!;
    await t.db.usageRecord.updateMany({
      where: { conversationId: unpriced.conversationId, eventSeq: unpriced.eventSeq },
      data: { priced: true, costNanoUsd: 123n },
    });
    Object.assign(unpriced, { priced: true, costNanoUsd: 123n });
    // A record moved to another version moves between the rollup's groups.
    const moved = records[20];
    moved.agentVersion = 7;
    await t.db.usageRecord.update({
      where: { conversationId_eventSeq: { conversationId: moved.conversationId, eventSeq: moved.eventSeq } },
      data: { agentVersion: 7 },
    });
    const gone = records.splice(5, 4);
    await t.db.usageRecord.deleteMany({
      where: { OR: gone.map((g) => ({ conversationId: g.conversationId, eventSeq: g.eventSeq })) },
    });
  });

  it("keeps the daily rollup equal to the records through inserts, updates and deletes", async () => {
    const rollup = await t.db.usageDailyRollup.findMany();
    const expected = new Map<string, Record<string, number>>();
    for (const r of records) {
      const key = [r.day, r.agentId, r.agentVersion, r.provider, r.model, r.priced].join("|");
      const e = expected.get(key) ?? { events: 0, inputTokens: 0, totalTokens: 0, costNanoUsd: 0 };
      e.events += 1;
      e.inputTokens += r.inputTokens;
      e.totalTokens += r.totalTokens;
      e.costNanoUsd += Number(r.costNanoUsd);
      expected.set(key, e);
    }
    const actual = new Map(
      rollup.map((g) => [
        [g.day, g.agentId, g.agentVersion, g.provider, g.model, g.priced].join("|"),
        {
          events: Number(g.events),
          inputTokens: Number(g.inputTokens),
          totalTokens: Number(g.totalTokens),
          costNanoUsd: Number(g.costNanoUsd),
        },
      ]),
    );
    expect(actual).toEqual(expected);
  });

  const periods: Array<[string, { from?: string; to?: string }]> = [
    ["all time", {}],
    ["whole days", { from: "2026-11-02", to: "2026-11-04" }],
    ["mid-day to mid-day", { from: "2026-11-01T13:17:00.000Z", to: "2026-11-05T08:00:00.000Z" }],
    ["within one day", { from: "2026-11-03T06:00:00Z", to: "2026-11-03T18:30:00Z" }],
    ["from only", { from: "2026-11-03T12:00:00Z" }],
    ["to only", { to: "2026-11-02T23:59:59.999Z" }],
  ];

  for (const [name, period] of periods) {
    it(`${name}: every grouping's rows (and each row's stack and runs) add up to a total equal to the records'`, async () => {
      const { from, to } = periodOf(period);
      const inPeriod = records.filter((r) => (!from || r.createdAt >= from) && (!to || r.createdAt < to));
      for (const filter of [{}, { agentId: agents[1] }, { model: "openai-compatible:llama3:8b" }]) {
        const matching = inPeriod.filter(
          (r) =>
            (!("agentId" in filter) || r.agentId === filter.agentId) &&
            (!("model" in filter) || `${r.provider}:${r.model}` === filter.model),
        );
        const expected = bruteTotals(matching);
        const groupings: UsageGroupBy[] = ["model", "agent", "run", "day"];
        if ("agentId" in filter) groupings.push("agentVersion"); // one agent's versions
        for (const groupBy of groupings) {
          for (const extra of groupBy === "run"
            ? [{ limit: 3 }, { limit: 1000 }]
            : [{}, { stack: "model" as const }, { stack: "agent" as const }]) {
            const s = await summarizeUsage(t.db, { ...period, ...filter, ...extra, groupBy });
            const label = `${name} ${JSON.stringify(filter)} by ${groupBy} ${JSON.stringify(extra)}`;
            expect(contractIssues(s), label).toBeUndefined();
            expect(measuresOf(s.total), label).toEqual(expected);
            expect(sumRows(s.rows), label).toEqual(expected);
            for (const row of s.rows) {
              if (row.stack) expect(sumRows(row.stack), `${label} stack of ${row.key}`).toEqual(measuresOf(row));
              if (row.runs) expect(sumRows(row.runs), `${label} runs of ${row.key}`).toEqual(measuresOf(row));
            }
            // Each row is exactly its records.
            for (const row of s.rows.filter((r) => !r.remainder)) {
              const mine = matching.filter((r) =>
                groupBy === "model"
                  ? `${r.provider}:${r.model}` === row.key
                  : groupBy === "agent"
                    ? r.agentId === row.key
                    : groupBy === "day"
                      ? r.day === row.key
                      : groupBy === "agentVersion"
                        ? String(r.agentVersion) === row.key
                        : (r.rootRunId || OUTSIDE_RUNS) === row.key,
              );
              expect(measuresOf(row), `${label} row ${row.key}`).toEqual(bruteTotals(mine));
              if (groupBy === "agentVersion")
                expect(row.runCount, `${label} runs of ${row.key}`).toBe(
                  new Set(mine.filter((r) => r.runId !== "").map((r) => r.runId)).size,
                );
            }
          }
        }
      }
    });
  }

  it("lists turns newest first, `limit` of them, and the rest as one remainder row", async () => {
    const s = await summarizeUsage(t.db, { groupBy: "run", limit: 4 });
    expect(s.rows).toHaveLength(5);
    expect(s.rows.at(-1)).toMatchObject({ key: REMAINDER_KEY, remainder: true });
    const lastAt = s.rows.slice(0, 4).map((r) => r.lastAt!);
    expect([...lastAt].sort().reverse()).toEqual(lastAt);
    const newest = [...records].sort((a, b) => +b.createdAt - +a.createdAt)[0];
    expect(s.rows[0].key).toBe(newest.rootRunId || OUTSIDE_RUNS);
    const all = await summarizeUsage(t.db, { groupBy: "run", limit: 1000 });
    expect(all.rows.some((r) => r.remainder)).toBe(false);
    expect(all.rows.map((r) => r.key).sort()).toEqual(
      [...new Set(records.map((r) => r.rootRunId || OUTSIDE_RUNS))].sort(),
    );
  });

  it("days come in order, other groupings by cost; agents are named", async () => {
    const days = await summarizeUsage(t.db, { groupBy: "day" });
    expect(days.rows.map((r) => r.key)).toEqual([...new Set(records.map((r) => r.day))].sort());
    const byAgent = await summarizeUsage(t.db, { groupBy: "agent" });
    expect(byAgent.rows.map((r) => r.label).sort()).toEqual(["alpha", "beta", "gamma"]);
    const costs = byAgent.rows.map((r) => r.costNanoUsd);
    expect([...costs].sort((a, b) => b - a)).toEqual(costs);
  });
});

describe(`usage summary on ${dbKind}: turns, conclusion and child runs, unpriced models`, () => {
  let lead = "";
  let atlas = "";
  beforeAll(async () => {
    await t.db.usageRecord.deleteMany({}); // the random usage above; the writer stamps these records with the clock
    const ws = await t.db.workspace.create({ data: { slug: "turns", name: "Turns" } });
    lead = (await t.db.agent.create({ data: { workspaceId: ws.id, name: "lead", config: {} } })).id;
    atlas = (await t.db.agent.create({ data: { workspaceId: ws.id, name: "atlas", config: {} } })).id;
    const conv = await t.db.conversation.create({ data: { workspaceId: ws.id, agentId: lead, title: "Cities" } });
    const at = (s: number) => new Date(Date.parse("2026-12-10T10:00:00Z") + s * 1000);
    const run = (id: string, kind: string, parentRunId: string | null, agentId: string, depth: number, s: number) =>
      t.db.run.create({
        data: {
          id,
          conversationId: conv.id,
          agentId,
          kind,
          parentRunId,
          rootRunId: "T1",
          depth,
          status: "completed",
          startedAt: at(s),
        },
      });
    await run("T1", "turn", null, lead, 0, 0);
    await run("C1", "child", "T1", atlas, 1, 2);
    await run("G1", "child", "C1", lead, 2, 3);
    await run("K1", "conclusion", "T1", lead, 0, 10);
    // The writer records the usage as the run engine does (the turn's id as rootRunId).
    const writer = new EventWriter(t.db, t.target.kind);
    const usage = (runId: string, agentId: string, provider: string, model: string, tokens: number, cost: number) => ({
      event: newEvent(runId, "LlmUsageEvent", {
        provider,
        model,
        requestedModel: `${provider}:${model}`,
        inputTokens: tokens,
        outputTokens: 10,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        totalTokens: tokens + 10,
        costNanoUsd: cost,
        priced: cost > 0,
        priceVersion: cost > 0 ? "test" : null,
        durationMs: 5,
      }),
      usage: { agentId, agentVersion: 1, rootRunId: "T1", conversationId: conv.id },
    });
    await writer.append(conv.id, [
      {
        event: newEvent("T1", "RunStarted", { kind: "turn", parentRunId: null, agentId: lead, model: "openai:gpt-4o" }),
      },
      {
        event: newEvent("T1", "LlmMessageEvent", {
          role: "user",
          parts: [{ type: "text", text: "Population of Lyon?" }],
        }),
      },
      usage("T1", lead, "openai", "gpt-4o", 100, 1_000),
      usage("C1", atlas, "demo", "demo", 200, 0),
      usage("G1", lead, "openai", "gpt-4o", 300, 3_000),
      usage("T1", lead, "openai", "gpt-4o", 400, 4_000),
      usage("K1", lead, "openai", "gpt-4o", 500, 5_000),
    ]);
  });

  it("a turn's row holds its conclusion and child runs, listed under it, named, adding up to it", async () => {
    const s = await summarizeUsage(t.db, { groupBy: "run" });
    expect(s.rows.map((r) => r.key)).toEqual(["T1"]);
    expect(contractIssues(s)).toBeUndefined();
    const turn = s.rows[0];
    expect(turn).toMatchObject({
      label: "Population of Lyon?",
      events: 5,
      totalTokens: 1550,
      costNanoUsd: 13_000,
      unpricedTokens: 210,
      unpricedEvents: 1,
      pricing: "some",
      run: { kind: "turn", agentName: "lead", conversationTitle: "Cities", prompt: "Population of Lyon?" },
    });
    expect(
      turn.runs!.map((r) => [r.key, r.run?.kind, r.run?.depth, r.run?.agentName, r.totalTokens, r.pricing]),
    ).toEqual([
      ["T1", "turn", 0, "lead", 520, "all"],
      ["C1", "child", 1, "atlas", 210, "none"],
      ["G1", "child", 2, "lead", 310, "all"],
      ["K1", "conclusion", 0, "lead", 510, "all"],
    ]);
    expect(sumRows(turn.runs!)).toEqual(measuresOf(turn));
  });

  it("an agent filter keeps only that agent's usage of the turn (drill-down from an agent to its runs)", async () => {
    const s = await summarizeUsage(t.db, { groupBy: "run", agentId: atlas });
    expect(s.rows).toHaveLength(1);
    expect(s.rows[0]).toMatchObject({ key: "T1", totalTokens: 210, costNanoUsd: 0, pricing: "none" });
    expect(s.rows[0].runs!.map((r) => r.key)).toEqual(["C1"]);
  });

  it("an unpriced model keeps its tokens and is marked, never a silent $0", async () => {
    const s = await summarizeUsage(t.db, { groupBy: "model" });
    const demo = s.rows.find((r) => r.key === "demo:demo")!;
    expect(demo).toMatchObject({ costNanoUsd: 0, totalTokens: 210, unpricedTokens: 210, pricing: "none" });
    expect(s.rows.find((r) => r.key === "openai:gpt-4o")).toMatchObject({ pricing: "all", unpricedTokens: 0 });
    expect(s.total).toMatchObject({ pricing: "some", unpricedTokens: 210, costNanoUsd: 13_000 });
    const byAgent = await summarizeUsage(t.db, { groupBy: "agent", stack: "model" });
    expect(byAgent.rows.find((r) => r.label === "atlas")).toMatchObject({ pricing: "none" });
  });
});

describe("usage summary query", () => {
  it("reads dates as whole UTC days and date-times as instants, both ends inclusive", () => {
    expect(periodOf({ from: "2026-11-02", to: "2026-11-04" })).toEqual({
      from: new Date("2026-11-02T00:00:00Z"),
      to: new Date("2026-11-05T00:00:00Z"),
    });
    expect(periodOf({ to: "2026-11-04T10:00:00Z" }).to).toEqual(new Date("2026-11-04T10:00:00.001Z"));
  });

  it("splits a period into whole days (rollup) and partial days (records)", () => {
    const p = (from: string | null, to: string | null) =>
      splitPeriod(from ? new Date(from) : null, to ? new Date(to) : null);
    expect(p(null, null)).toEqual({ days: { gte: null, lt: null }, edges: [] });
    expect(p("2026-11-02T00:00:00Z", "2026-11-05T00:00:00Z")).toEqual({
      days: { gte: "2026-11-02", lt: "2026-11-05" },
      edges: [],
    });
    const mid = p("2026-11-01T13:00:00Z", "2026-11-05T08:00:00Z");
    expect(mid.days).toEqual({ gte: "2026-11-02", lt: "2026-11-05" });
    expect(mid.edges.map((e) => [e.dayGte, e.dayLte])).toEqual([
      ["2026-11-01", "2026-11-01"],
      ["2026-11-05", "2026-11-05"],
    ]);
    expect(p("2026-11-03T06:00:00Z", "2026-11-04T00:00:00Z")).toMatchObject({
      days: null,
      edges: [{ dayGte: "2026-11-03", dayLte: "2026-11-03" }],
    });
    expect(p("2026-11-03T06:00:00Z", "2026-11-04T03:00:00Z")).toMatchObject({
      days: null,
      edges: [{ dayGte: "2026-11-03", dayLte: "2026-11-04" }],
    });
  });

  it("refuses a period that ends before it starts, a model without provider, and stacks by run", () => {
    expect(UsageSummaryQuery.safeParse({ from: "2026-11-05", to: "2026-11-04" }).success).toBe(false);
    expect(UsageSummaryQuery.safeParse({ from: "2026-11-05", to: "2026-11-05" }).success).toBe(true);
    expect(UsageSummaryQuery.safeParse({ model: "gpt-4o" }).success).toBe(false);
    expect(UsageSummaryQuery.safeParse({ groupBy: "run", stack: "model" }).success).toBe(false);
    expect(UsageSummaryQuery.safeParse({ groupBy: "week" }).success).toBe(false);
  });
});
