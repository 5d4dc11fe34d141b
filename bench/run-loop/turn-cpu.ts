/**
 * 3. CPU per turn: one `atlas` turn (demo model, sandboxed city_population: a tool call, then the
 * answer) through the engine (`startTurn` → done, the writer flushed), beside the same turn
 * written by hand (reference-turn.ts: AI SDK `streamText`, `invokeTool` on the same pool, raw
 * better-sqlite3 inserts of the same events). One turn at a time, each on a fresh conversation,
 * engine and reference alternately, after a warm-up of each.
 *
 * The figure is the main thread's CPU time per turn (exact per turn: cpu-time.ts); the whole
 * process's (`process.cpuUsage`, user + system, which adds the sandbox worker's and the garbage
 * collector's threads — the same tool call on both sides) is printed beside it.
 * Target: engine ≤ 1.5× the reference (median, main thread).
 */
import type { Db } from "../../lib/db/client";
import { currentWorkspaceId } from "../../lib/db/workspace";
import { startTurn } from "../../lib/runs/use-cases/start-turn";
import { server } from "../../lib/server/server";
import { testRunRuntime } from "../../lib/server/testing/test-runtime";
import { MAIN_THREAD_CPU_SOURCE, mainThreadCpuMs, processCpuMs } from "../cpu-time";
import { summarize, type Summary } from "../stats";
import { seedDemo } from "./bench-database";
import { startProfile } from "./cpu-profile";
import { referenceTurn } from "./reference-turn";

const cities = ["Paris", "Tokyo", "Lagos", "Lima", "Oslo", "Delhi", "Cairo", "Berlin", "Madrid", "Rome"];
const tick = () => new Promise((r) => setImmediate(r));

export async function turnCpu(db: Db, file: string, turns: number, profile: string | null): Promise<void> {
  await seedDemo(db);
  const rt = testRunRuntime(db);
  const atlas = await db.agent.findFirstOrThrow({ where: { name: "atlas" } });
  const workspaceId = await currentWorkspaceId(db);
  const reference = await referenceTurn(db, file, atlas.id, server().sandbox);
  const newConversation = async () => (await db.conversation.create({ data: { workspaceId, agentId: atlas.id } })).id;

  const engineTurn = async (conversationId: string, content: string) => {
    const started = await startTurn(rt, { conversationId, content, actor: { id: null, name: "bench" } });
    const result = await started.done;
    await rt.writer.flush();
    if (result?.final.status !== "completed" || result.final.usage.toolCalls !== 1)
      throw new Error(`engine turn ended ${JSON.stringify(result?.final)}`);
  };
  const sides = { engine: engineTurn, reference: reference.turn };
  const samples = {
    engine: { main: [] as number[], process: [] as number[] },
    reference: { main: [] as number[], process: [] as number[] },
  };
  const rowsOf = async (conversationId: string) =>
    `${await db.event.count({ where: { conversationId } })} events, ${await db.usageRecord.count({ where: { conversationId } })} usage rows`;
  const lastOf = { engine: "", reference: "" };
  const once = async (side: keyof typeof sides, i: number, record: boolean) => {
    const conversationId = await newConversation();
    lastOf[side] = conversationId;
    const content = `What is the population of ${cities[i % cities.length]}?`;
    await tick();
    const m0 = mainThreadCpuMs();
    const p0 = processCpuMs();
    await sides[side](conversationId, content);
    await tick();
    const p = processCpuMs() - p0;
    const m = mainThreadCpuMs() - m0;
    if (record) {
      samples[side].main.push(m);
      samples[side].process.push(p);
    }
  };

  for (let i = 0; i < 8; i++) {
    await once("engine", i, false);
    await once("reference", i, false);
  }
  // Both sides write the same rows.
  const [engineRows, referenceRows] = [await rowsOf(lastOf.engine), await rowsOf(lastOf.reference)];
  if (engineRows !== referenceRows) throw new Error(`engine wrote ${engineRows}, the reference ${referenceRows}`);
  const stop = profile ? await startProfile(profile) : null;
  for (let i = 0; i < turns; i++) {
    // Alternate which side goes first, so neither always runs right after the other's garbage.
    const [a, b] = i % 2 ? (["reference", "engine"] as const) : (["engine", "reference"] as const);
    await once(a, i, true);
    await once(b, i, true);
  }
  if (stop) await stop();
  reference.close();

  const fmt = (s: Summary) => `median ${s.p50.toFixed(2)} ms p95 ${s.p95.toFixed(2)} ms`;
  const em = summarize(samples.engine.main);
  const rm = summarize(samples.reference.main);
  const ep = summarize(samples.engine.process);
  const rp = summarize(samples.reference.process);
  const ratio = em.p50 / rm.p50;
  console.log(
    `\n3. CPU per turn, atlas (demo model, one sandboxed call, 11 events + 2 usage rows), ${turns} turns each`,
  );
  console.log(`   ${MAIN_THREAD_CPU_SOURCE}:`);
  console.log(`     engine (startTurn, batched writer)                        ${fmt(em)}`);
  console.log(`     reference (streamText + invokeTool + raw better-sqlite3)  ${fmt(rm)}`);
  console.log(
    `     ratio ${ratio.toFixed(2)}× (p95 ${(em.p95 / rm.p95).toFixed(2)}×) — target CPU per turn ≤ 1.5× reference: ${ratio <= 1.5 ? "met" : `missed by ${(ratio / 1.5).toFixed(2)}×`}`,
  );
  console.log(`   whole process (process.cpuUsage, user + system, every thread):`);
  console.log(`     engine ${fmt(ep)} | reference ${fmt(rp)} | ratio ${(ep.p50 / rp.p50).toFixed(2)}×`);
}
