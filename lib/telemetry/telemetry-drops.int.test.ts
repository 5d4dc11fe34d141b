/**
 * Export never slows or fails a run, so what does not fit is dropped and counted: spans past the
 * batch processor's bound (OTEL_BSP_MAX_QUEUE_SIZE), spans the endpoint refused, and health says so.
 * Against a real OTLP receiver on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import type { Db } from "../db/client";
import type { StoredEvent } from "../events/event-types";
import type { SpanRecord } from "./segment-spans";
import { segmentSpanId, traceIdOf } from "./span-ids";
import { OtlpTelemetry, SEGMENT_BACKLOG } from "./telemetry";
import { readTelemetryConfig } from "./telemetry-config";
import { startOtlpReceiver, type OtlpReceiver } from "./testing/otlp-receiver";

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const spans = (n: number): SpanRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    traceId: traceIdOf("turn"),
    spanId: segmentSpanId("turn", i),
    parentSpanId: null,
    name: `invoke_agent a${i}`,
    kind: "internal",
    startMs: Date.now() - 10,
    endMs: Date.now(),
    attributes: { "gen_ai.operation.name": "invoke_agent" },
    events: [],
    links: [],
    status: { code: "unset" },
  }));

function telemetry(extra: Record<string, string> = {}) {
  const config = readTelemetryConfig({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_BSP_SCHEDULE_DELAY: "60000",
    ...extra,
  })!;
  return new OtlpTelemetry(config, createLogger(), "test");
}

describe("bounded export", () => {
  it("drops what the queue cannot hold, counts it, and sends the rest", async () => {
    receiver.requests.length = 0;
    const t = telemetry({ OTEL_BSP_MAX_QUEUE_SIZE: "3" });
    t.emit(spans(5));
    expect(t.health()).toMatchObject({ enabled: true, queuedSpans: 3, droppedSpans: 2, exportedSpans: 0 });
    await t.flush();
    expect(t.health()).toMatchObject({ queuedSpans: 0, droppedSpans: 2, exportedSpans: 3, failedSpans: 0 });
    expect(receiver.spans()).toHaveLength(3);
    await t.shutdown();
  });

  it("counts spans the endpoint refused, with the reason", async () => {
    receiver.requests.length = 0;
    receiver.respond.status = 400;
    try {
      const t = telemetry();
      t.emit(spans(2));
      await t.flush();
      const h = t.health();
      expect(h).toMatchObject({ exportedSpans: 0, failedSpans: 2, queuedSpans: 0 });
      expect(h.enabled && h.lastError).toBeTruthy();
      await t.shutdown();
    } finally {
      receiver.respond.status = 200;
    }
  });

  it("bounds the segments waiting to be read: the rest are dropped and counted, and noting them returns at once", () => {
    const t = telemetry();
    // A database that never answers: every segment waits.
    const never = () => new Promise<never>(() => {});
    const db = { run: { findUnique: never }, event: { findMany: never } } as unknown as Db;
    const finished = Array.from({ length: SEGMENT_BACKLOG + 6 }, (_, i) => ({
      seq: i + 1,
      runId: `run-${i}`,
      type: "RunFinished",
      createdAt: new Date().toISOString(),
      data: {},
    })) as unknown as StoredEvent[];
    const began = performance.now();
    t.committed(db, "conv", finished);
    expect(performance.now() - began).toBeLessThan(50);
    expect(t.health()).toMatchObject({ droppedSegments: 6, queuedSpans: 0 });
  });
});
