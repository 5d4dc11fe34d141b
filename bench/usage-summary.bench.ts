/**
 * Cost summary benchmark (figures, not tests): `summarizeUsage` — the function behind
 * GET /api/usage/summary and the /costs page — over 1,000,000 usage records.
 * Target: ≤ 300 ms per summary.
 *
 * The data: 90 days, 20 agents, 8 models (2 without price data), turns of 1–8 model requests, a
 * quarter of them calling another agent as a tool (a child run), a few with a conclusion run; the
 * Run, Conversation and user-message rows the by-run breakdown names its turns from. Written with
 * better-sqlite3 (SQLite) or multi-row INSERTs (PostgreSQL) through the migrated schema, so the
 * rollup triggers fire as they do for the event writer.
 *
 * Each summary is measured for every grouping over: all time, the last 30 whole days, a period
 * starting and ending mid-day (partial days read from the records), and one agent over all time.
 *
 *   npx tsx bench/usage-summary.bench.ts [--records=1000000] [--reps=15] [--pg] [--keep=FILE]
 *     --pg         on a throwaway PostgreSQL cluster (needs initdb/pg_ctl) instead of SQLite
 *     --keep=FILE  SQLite: load into FILE and keep it; when FILE exists, measure it without loading
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createDb, type Db } from "../lib/db/client";
import { resolveDatabaseTarget, type DatabaseTarget } from "../lib/db/database-url";
import { applyMigrations } from "../lib/db/migrations";
import { USAGE_COLUMNS } from "../lib/events/event-writer";
import { summarizeUsage, type UsageSummaryQuery } from "../lib/runs/read-models/usage/summarize-usage";
import { startThrowawayPostgres } from "../scripts/lib/throwaway-postgres";
import { percentile } from "./stats";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const RECORDS = arg("records", 1_000_000);
const REPS = arg("reps", 15);
const PG = process.argv.includes("--pg");
const KEEP = process.argv.find((a) => a.startsWith("--keep="))?.slice(7);

const pct = percentile;

const DAYS = 90;
const START = Date.parse("2026-09-01T00:00:00Z");
const MODELS: Array<[string, string, boolean]> = [
  ["openai", "gpt-4o", true],
  ["openai", "gpt-4o-mini", true],
  ["anthropic", "claude-sonnet-4-5", true],
  ["anthropic", "claude-haiku-4-5", true],
  ["google", "gemini-2.5-flash", true],
  ["mistral", "mistral-large-latest", true],
  ["demo", "demo", false],
  ["openai-compatible", "local-llama", false],
];
const AGENTS = 20;

/** A deterministic stream of rows: conversations, runs, one user message per turn, usage records. */
function* generate() {
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let records = 0;
  let turn = 0;
  let conversation = "";
  let seq = 0;
  while (records < RECORDS) {
    const at = START + Math.floor((records / RECORDS) * DAYS * 86_400_000);
    if (turn % 5 === 0) {
      conversation = `conv${turn}`;
      seq = 0;
      yield { kind: "conversation" as const, id: conversation, agentId: `agent${turn % AGENTS}`, at };
    }
    const agentId = `agent${turn % AGENTS}`;
    const root = `turn${turn}`;
    const runs: Array<{ id: string; runKind: string; parent: string | null; agentId: string; depth: number }> = [
      { id: root, runKind: "turn", parent: null, agentId, depth: 0 },
    ];
    if (rnd() < 0.25)
      runs.push({
        id: `child${turn}`,
        runKind: "child",
        parent: root,
        agentId: `agent${(turn + 7) % AGENTS}`,
        depth: 1,
      });
    if (rnd() < 0.03) runs.push({ id: `conclusion${turn}`, runKind: "conclusion", parent: root, agentId, depth: 0 });
    const model = MODELS[Math.floor(rnd() * MODELS.length)];
    let t = at;
    for (const run of runs) {
      yield { kind: "run" as const, ...run, conversation, root, at: t, model };
      if (run.runKind === "turn") yield { kind: "prompt" as const, conversation, seq: ++seq, runId: root, at: t };
      const requests = 1 + Math.floor(rnd() * 4);
      for (let i = 0; i < requests && records < RECORDS; i++) {
        t += 50 + Math.floor(rnd() * 3000);
        const input = 200 + Math.floor(rnd() * 6000);
        const output = Math.floor(rnd() * 900);
        const cacheRead = Math.floor(input * rnd() * 0.4);
        records++;
        yield {
          kind: "usage" as const,
          conversation,
          seq: ++seq,
          runId: run.id,
          root,
          agentId: run.agentId,
          provider: model[0],
          model: model[1],
          priced: model[2],
          input,
          output,
          cacheRead,
          cost: model[2] ? BigInt(Math.floor(rnd() * 40_000_000)) : 0n,
          at: new Date(Math.min(t, START + DAYS * 86_400_000 - 1)),
        };
      }
    }
    turn++;
  }
}

type Row = ReturnType<typeof generate> extends Generator<infer R> ? R : never;

async function loadSqlite(file: string) {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const now = new Date().toISOString();
  sqlite
    .prepare(`INSERT INTO "Workspace" ("id","slug","name","isDemo","createdAt") VALUES ('ws','bench','Bench',0,?)`)
    .run(now);
  const agent = sqlite.prepare(
    `INSERT INTO "Agent" ("id","workspaceId","name","config","createdAt","updatedAt") VALUES (?,?,?,?,?,?)`,
  );
  for (let i = 0; i < AGENTS; i++) agent.run(`agent${i}`, "ws", `agent_${i}`, "{}", now, now);
  const conv = sqlite.prepare(
    `INSERT INTO "Conversation" ("id","workspaceId","agentId","title","lastSeq","createdAt","updatedAt") VALUES (?,?,?,?,0,?,?)`,
  );
  const run = sqlite.prepare(
    `INSERT INTO "Run" ("id","conversationId","agentId","parentRunId","kind","rootRunId","depth","status","model","startedAt","finishedAt") VALUES (?,?,?,?,?,?,?,'completed',?,?,?)`,
  );
  const event = sqlite.prepare(
    `INSERT INTO "Event" ("conversationId","seq","runId","type","payload","createdAt") VALUES (?,?,?,'LlmMessageEvent',?,?)`,
  );
  const usage = sqlite.prepare(
    `INSERT INTO "UsageRecord" ("id","conversationId","eventSeq","runId","rootRunId","agentId","provider","model","requestedModel","inputTokens","outputTokens","cacheReadTokens","cacheWriteTokens","totalTokens","costNanoUsd","priced","priceVersion","day","createdAt") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,0,?,?,?,?,?,?)`,
  );
  const iso = (ms: number | Date) => new Date(ms).toISOString().replace("Z", "+00:00");
  let n = 0;
  const insert = sqlite.transaction((rows: Row[]) => {
    for (const r of rows) {
      if (r.kind === "conversation") conv.run(r.id, "ws", r.agentId, `Conversation ${r.id}`, iso(r.at), iso(r.at));
      else if (r.kind === "run")
        run.run(
          r.id,
          r.conversation,
          r.agentId,
          r.parent,
          r.kind,
          r.root,
          r.depth,
          `${r.model[0]}:${r.model[1]}`,
          iso(r.at),
          iso(r.at),
        );
      else if (r.kind === "prompt")
        event.run(
          r.conversation,
          r.seq,
          r.runId,
          JSON.stringify({ role: "user", parts: [{ type: "text", text: `Question ${r.runId}` }] }),
          iso(r.at),
        );
      else
        usage.run(
          `u${n++}`,
          r.conversation,
          r.seq,
          r.runId,
          r.root,
          r.agentId,
          r.provider,
          r.model,
          `${r.provider}:${r.model}`,
          r.input,
          r.output,
          r.cacheRead,
          r.input + r.output,
          r.cost,
          r.priced ? 1 : 0,
          r.priced ? "bench" : null,
          r.at.toISOString().slice(0, 10),
          iso(r.at),
        );
    }
  });
  let batch: Row[] = [];
  for (const r of generate()) {
    batch.push(r);
    if (batch.length === 20_000) {
      insert(batch);
      batch = [];
    }
  }
  insert(batch);
  sqlite.pragma("optimize");
  sqlite.exec("ANALYZE");
  sqlite.close();
}

async function loadPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`INSERT INTO "Workspace" ("id","slug","name","isDemo") VALUES ('ws','bench','Bench',false)`);
  for (let i = 0; i < AGENTS; i++)
    await client.query(
      `INSERT INTO "Agent" ("id","workspaceId","name","config","updatedAt") VALUES ($1,'ws',$2,'{}',now())`,
      [`agent${i}`, `agent_${i}`],
    );
  const tables: Record<string, { cols: string[]; rows: unknown[][] }> = {
    Conversation: { cols: ["id", "workspaceId", "agentId", "title", "lastSeq", "createdAt", "updatedAt"], rows: [] },
    Run: {
      cols: [
        "id",
        "conversationId",
        "agentId",
        "parentRunId",
        "kind",
        "rootRunId",
        "depth",
        "status",
        "model",
        "startedAt",
        "finishedAt",
      ],
      rows: [],
    },
    Event: { cols: ["conversationId", "seq", "runId", "type", "payload", "createdAt"], rows: [] },
    UsageRecord: { cols: [...USAGE_COLUMNS], rows: [] },
  };
  const flush = async (name: string) => {
    const t = tables[name];
    if (!t.rows.length) return;
    const params: unknown[] = [];
    const tuples = t.rows.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(",")})`);
    await client.query(
      `INSERT INTO "${name}" (${t.cols.map((c) => `"${c}"`).join(",")}) VALUES ${tuples.join(",")}`,
      params,
    );
    t.rows = [];
  };
  const push = async (name: string, row: unknown[]) => {
    tables[name].rows.push(row);
    if (tables[name].rows.length * tables[name].cols.length > 60_000) {
      // Parents first: flush what the rows reference.
      for (const n of ["Conversation", "Run", "Event", "UsageRecord"]) {
        await flush(n);
        if (n === name) break;
      }
    }
  };
  let n = 0;
  const ts = (ms: number | Date) => new Date(ms).toISOString().replace("Z", "");
  await client.query("BEGIN");
  for (const r of generate()) {
    if (r.kind === "conversation")
      await push("Conversation", [r.id, "ws", r.agentId, `Conversation ${r.id}`, 0, ts(r.at), ts(r.at)]);
    else if (r.kind === "run")
      await push("Run", [
        r.id,
        r.conversation,
        r.agentId,
        r.parent,
        r.kind,
        r.root,
        r.depth,
        "completed",
        `${r.model[0]}:${r.model[1]}`,
        ts(r.at),
        ts(r.at),
      ]);
    else if (r.kind === "prompt")
      await push("Event", [
        r.conversation,
        r.seq,
        r.runId,
        "LlmMessageEvent",
        JSON.stringify({ role: "user", parts: [{ type: "text", text: `Question ${r.runId}` }] }),
        ts(r.at),
      ]);
    else
      await push("UsageRecord", [
        `u${n++}`,
        r.conversation,
        r.seq,
        r.runId,
        r.root,
        r.agentId,
        1,
        r.provider,
        r.model,
        `${r.provider}:${r.model}`,
        r.input,
        r.output,
        r.cacheRead,
        0,
        r.input + r.output,
        r.cost.toString(),
        r.priced,
        r.priced ? "bench" : null,
        r.at.toISOString().slice(0, 10),
        null, // userId
        null, // apiTokenId
        ts(r.at),
      ]);
  }
  for (const name of ["Conversation", "Run", "Event", "UsageRecord"]) await flush(name);
  await client.query("COMMIT");
  await client.query("VACUUM ANALYZE");
  await client.end();
}

async function measure(db: Db, label: string, query: UsageSummaryQuery) {
  const times: number[] = [];
  let summary = await summarizeUsage(db, query); // warm-up
  for (let i = 0; i < REPS; i++) {
    const t0 = performance.now();
    summary = await summarizeUsage(db, query);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p50 = pct(times, 50);
  const p95 = pct(times, 95);
  console.log(
    `   ${label.padEnd(42)} median ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${String(summary.rows.length).padStart(5)} rows  ${summary.total.events} records${p95 > 300 ? "   ABOVE 300 ms" : ""}`,
  );
}

async function main() {
  console.log(
    `usage summary benchmark — ${RECORDS.toLocaleString("en-US")} usage records on ${PG ? "PostgreSQL" : "SQLite"}, node ${process.version}, ${os.cpus().length} cores, ${REPS} reps`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-bench-usage-"));
  const server = PG ? await startThrowawayPostgres() : null;
  let target: DatabaseTarget;
  try {
    const file = KEEP ? path.resolve(KEEP) : path.join(dir, "bench.db");
    target = resolveDatabaseTarget(server ? server.createDatabase("bench_usage") : `file:${file}`);
    if (!server && KEEP && existsSync(file)) console.log(`   measuring ${file} as it is`);
    else {
      await applyMigrations(target);
      const t0 = performance.now();
      if (target.kind === "sqlite") await loadSqlite(target.file);
      else await loadPostgres(target.url);
      console.log(`   loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s (rollup triggers firing)`);
    }
    const db = createDb(target);
    try {
      const rollupRows = await db.usageDailyRollup.count();
      console.log(
        `   rollup: ${rollupRows.toLocaleString("en-US")} rows for ${RECORDS.toLocaleString("en-US")} records\n`,
      );
      const last = new Date(START + DAYS * 86_400_000);
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const periods: Array<[string, Partial<UsageSummaryQuery>]> = [
        ["all time", {}],
        ["last 30 days", { from: day(last.getTime() - 30 * 86_400_000), to: day(last.getTime() - 86_400_000) }],
        [
          "mid-day to mid-day (partial days)",
          {
            from: new Date(START + 10.5 * 86_400_000).toISOString(),
            to: new Date(START + 70.25 * 86_400_000).toISOString(),
          },
        ],
        ["one agent, all time", { agentId: "agent3" }],
      ];
      for (const [name, period] of periods) {
        console.log(` ${name}`);
        for (const groupBy of ["model", "agent", "run", "day"] as const)
          await measure(db, `by ${groupBy}`, { ...period, groupBy });
        await measure(db, "by day, stacked by model (the chart)", { ...period, groupBy: "day", stack: "model" });
        if (period.agentId) await measure(db, "by agent version", { ...period, groupBy: "agentVersion" });
      }
    } finally {
      await db.$disconnect();
    }
  } finally {
    server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
