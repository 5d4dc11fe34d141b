/**
 * 2. Event append throughput: `events` small appends from 50 conversations at once through the
 * batched writer (contiguous seq per conversation, one transaction per tick; on SQLite run on the connection behind Prisma, lib/db/sqlite-connection.ts), beside raw
 * better-sqlite3 prepared-statement inserts of the same rows into the same `Event` table (same
 * columns, same indexes, transactions of 1000) on a connection of its own to the same file.
 * Both are warmed up first (the first batch pays for the JIT and Prisma's first queries), then
 * measured `reps` times, alternately. Wall-clock events/s is the figure; the main thread's CPU per
 * event is printed beside it, as wall-clock on a shared machine moves with the load.
 * Targets: ≥ 10,000 events/s; the writer ≥ 50% of the raw inserts.
 */
import Database from "better-sqlite3";
import type { Db } from "../../lib/db/client";
import { currentWorkspaceId } from "../../lib/db/workspace";
import { newEvent } from "../../lib/events/event-types";
import { testRunRuntime } from "../../lib/server/testing/test-runtime";
import { mainThreadCpuMs } from "../cpu-time";
import { summarize } from "../stats";

const perSecond = (n: number) => Math.round(n).toLocaleString("en-US");

export async function appendThroughput(db: Db, file: string, events: number, reps: number): Promise<void> {
  const rt = testRunRuntime(db);
  const workspaceId = await currentWorkspaceId(db);
  const agent = await db.agent.create({ data: { workspaceId, name: "bench_append", config: {} } });
  const newConversations = () =>
    Promise.all(Array.from({ length: 50 }, () => db.conversation.create({ data: { workspaceId, agentId: agent.id } })));
  const writerConversations = await newConversations();
  const rawConversations = await newConversations();
  const payload = {
    role: "assistant" as const,
    parts: [{ type: "text" as const, text: "an event of a typical size, about one sentence of model output" }],
  };

  const writer = async (n: number) => {
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < n; i++) {
      const c = writerConversations[i % writerConversations.length];
      pending.push(rt.writer.append(c.id, [{ event: newEvent("run-bench", "LlmMessageEvent", payload) }]));
    }
    await Promise.all(pending);
  };

  const raw = new Database(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = NORMAL");
  const insert = raw.prepare(
    `INSERT INTO "Event" ("conversationId", "seq", "runId", "type", "payload", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`,
  );
  let rawSeq = 0;
  const tx = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++)
      insert.run(
        rawConversations[i % 50].id,
        rawSeq + i,
        "run-bench",
        "LlmMessageEvent",
        JSON.stringify(payload),
        new Date().toISOString(),
      );
  });
  const rawInserts = async (n: number) => {
    for (let i = 0; i < n; i += 1000) tx(i, Math.min(n, i + 1000));
    rawSeq += n;
  };

  const measure = async (fn: (n: number) => Promise<void>, n: number) => {
    const c0 = mainThreadCpuMs();
    const t0 = performance.now();
    await fn(n);
    const secs = (performance.now() - t0) / 1000;
    return { perSec: n / secs, cpuUsPerEvent: ((mainThreadCpuMs() - c0) * 1000) / n };
  };

  await measure(writer, 2000);
  await measure(rawInserts, 2000);
  const w: Array<{ perSec: number; cpuUsPerEvent: number }> = [];
  const r: Array<{ perSec: number; cpuUsPerEvent: number }> = [];
  for (let rep = 0; rep < reps; rep++) {
    w.push(await measure(writer, events));
    r.push(await measure(rawInserts, events));
  }
  raw.close();
  const stored = await db.event.count({ where: { runId: "run-bench" } });
  if (stored !== (reps * events + 2000) * 2) throw new Error(`stored ${stored} events`);

  const ws = summarize(w.map((x) => x.perSec));
  const rs = summarize(r.map((x) => x.perSec));
  const wc = summarize(w.map((x) => x.cpuUsPerEvent));
  const rc = summarize(r.map((x) => x.cpuUsPerEvent));
  console.log(`\n2. event append, ${events} events from 50 conversations, ${reps} runs each after a warm-up (medians)`);
  console.log(
    `   batched writer (contiguous seq, one transaction per tick): ${perSecond(ws.p50)} events/s (min ${perSecond(ws.min)}); main thread ${wc.p50.toFixed(1)} µs CPU/event`,
  );
  console.log(
    `   raw better-sqlite3 inserts (prepared, transactions of 1000):       ${perSecond(rs.p50)} events/s (min ${perSecond(rs.min)}); main thread ${rc.p50.toFixed(1)} µs CPU/event`,
  );
  const ratio = ws.p50 / rs.p50;
  console.log(
    `   writer / raw: ${(ratio * 100).toFixed(0)}% by events/s, ${((rc.p50 / wc.p50) * 100).toFixed(0)}% by CPU per event — target ≥ 50%: ${ratio >= 0.5 ? "met" : "missed"}; ≥ 10,000 events/s: ${ws.p50 >= 10_000 ? "met" : "missed"}`,
  );
}
