/**
 * OpenTelemetry export's cost per turn (docs/telemetry.md): the demo agent `atlas` (demo model,
 * sandboxed city_population: two model requests and a tool call per turn) on a SQLite file, with
 * export off and with export on to an OTLP receiver on loopback (the SDK's defaults: batch processor,
 * 5 s schedule, http/protobuf unless `--protocol=http/json`). Turns run one after another, in
 * alternating blocks of off and on so the machine's drift touches both alike. Figures: turn latency
 * (accept → settled) median and p95 each way and their ratio (target ≤ 1.05), and process CPU per
 * turn each way (the export's reading, building and sending included: each "on" block is flushed
 * before its CPU is read).
 *
 *   npx tsx bench/otel.bench.ts [--turns=60] [--block=5] [--protocol=http/json]
 */
import os from "node:os";
import { rmSync } from "node:fs";
import { currentWorkspaceId } from "../lib/db/workspace";
import { EventBus } from "../lib/events/event-bus";
import { createRunRuntime, type RunRuntime } from "../lib/runs/infra/runtime";
import { startTurn } from "../lib/runs/use-cases/start-turn";
import { closeServer, server } from "../lib/server/server";
import { OtlpTelemetry } from "../lib/telemetry/telemetry";
import { readTelemetryConfig } from "../lib/telemetry/telemetry-config";
import { startOtlpReceiver } from "../lib/telemetry/testing/otlp-receiver";
import { cpuPressure, processCpuMs } from "./cpu-time";
import { freshDatabase, seedDemo } from "./run-loop/bench-database";
import { summarize } from "./stats";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const TURNS = Number(arg("turns", "60"));
const BLOCK = Number(arg("block", "5"));
const PROTOCOL = arg("protocol", "http/protobuf");

async function main() {
  console.log(
    `otel benchmark — node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, CPU pressure ${cpuPressure()}; ${TURNS} turns each way, ${PROTOCOL}`,
  );
  const { db, dir } = await freshDatabase();
  const receiver = await startOtlpReceiver();
  try {
    await seedDemo(db);
    const s = server();
    const parts = { db, dialect: "sqlite" as const, logger: s.logger, sandbox: () => s.sandbox };
    const telemetry = new OtlpTelemetry(
      readTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: PROTOCOL })!,
      s.logger,
    );
    const off = createRunRuntime({ ...parts, bus: new EventBus() });
    const on = createRunRuntime({ ...parts, bus: new EventBus(), telemetry });
    const atlas = await db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const workspaceId = await currentWorkspaceId(db);
    const cities = ["Paris", "Tokyo", "Lagos", "Lima", "Oslo", "Delhi", "Cairo", "Berlin", "Madrid", "Rome"];
    let n = 0;
    const turn = async (rt: RunRuntime) => {
      const c = await db.conversation.create({ data: { workspaceId, agentId: atlas.id } });
      const t = performance.now();
      const started = await startTurn(rt, {
        conversationId: c.id,
        content: `What is the population of ${cities[n++ % cities.length]}?`,
        actor: { id: null, name: "bench" },
      });
      const result = await started.done;
      if (result?.final.status !== "completed") throw new Error(`a turn ended ${result?.final.status}`);
      return performance.now() - t;
    };
    // Warm-up: the sandbox pool, prepared statements, the exporter's connection.
    for (let i = 0; i < 3; i++) {
      await turn(off);
      await turn(on);
    }
    await telemetry.flush();
    const spansBefore = telemetry.health();

    const latency = { off: [] as number[], on: [] as number[] };
    const cpu = { off: 0, on: 0 };
    for (let done = 0; done < TURNS; done += BLOCK) {
      for (const way of ["off", "on"] as const) {
        const rt = way === "on" ? on : off;
        const cpu0 = processCpuMs();
        for (let i = 0; i < Math.min(BLOCK, TURNS - done); i++) latency[way].push(await turn(rt));
        if (way === "on") await telemetry.flush();
        cpu[way] += processCpuMs() - cpu0;
      }
    }
    const offS = summarize(latency.off);
    const onS = summarize(latency.on);
    const h = telemetry.health();
    const sent = h.enabled && spansBefore.enabled ? h.exportedSpans - spansBefore.exportedSpans : 0;
    console.log(
      `turn latency, export off: median ${offS.p50.toFixed(1)} ms, p95 ${offS.p95.toFixed(1)} ms (n=${offS.n})`,
    );
    console.log(`turn latency, export on:  median ${onS.p50.toFixed(1)} ms, p95 ${onS.p95.toFixed(1)} ms (n=${onS.n})`);
    console.log(
      `ratio on/off: median ${(onS.p50 / offS.p50).toFixed(3)}, p95 ${(onS.p95 / offS.p95).toFixed(3)} (target ≤ 1.05)`,
    );
    console.log(
      `process CPU per turn: off ${(cpu.off / latency.off.length).toFixed(2)} ms, on ${(cpu.on / latency.on.length).toFixed(2)} ms ` +
        `(ratio ${(cpu.on / cpu.off).toFixed(3)}, export's reading, building and sending included)`,
    );
    console.log(
      `spans sent: ${sent} (${(sent / latency.on.length).toFixed(1)} per turn) in ${receiver.requests.length} requests; ` +
        `dropped ${h.enabled ? h.droppedSpans : 0}, failed ${h.enabled ? h.failedSpans : 0}`,
    );
    await telemetry.shutdown();
  } finally {
    await closeServer();
    await receiver.close();
    await db.$disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
