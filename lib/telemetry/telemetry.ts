/**
 * OpenTelemetry export for one process (docs/telemetry.md). The composition root builds it once
 * from the environment (`startTelemetry`); the run runtime tells it what the event writer committed
 * (`committed`), and each committed `RunFinished` — the end of an execution segment — becomes that
 * segment's spans, built from the run's events read back from the database and handed to the
 * official SDK's batch span processor and OTLP HTTP exporter.
 *
 * Export never slows or fails a run: `committed` only notes which segments ended and returns; the
 * reading, building and sending happen afterwards, one segment at a time. Both queues are bounded —
 * segments waiting to be read (`SEGMENT_BACKLOG`) and spans waiting to be sent
 * (`OTEL_BSP_MAX_QUEUE_SIZE`) — and what does not fit is dropped and counted, like spans the
 * endpoint refused (after the exporter's own retries). `health()` reports the counts (/api/health).
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type HrTime, type Link } from "@opentelemetry/api";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  type IdGenerator,
  type ReadableSpan,
  type SpanExporter,
} from "@opentelemetry/sdk-trace-base";
import type { Db } from "../db/client";
import type { StoredEvent } from "../events/event-types";
import type { Logger } from "../logger";
import { exportAgent } from "./export-agent";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "./genai-semconv";
import { loadSegment, type EndedSegment } from "./segment-source";
import { buildSegmentSpans, type SpanRecord } from "./segment-spans";
import { readTelemetryConfig, shownEndpoint, type TelemetryConfig } from "./telemetry-config";
import type { TelemetryHealth } from "../db/health.shared";

/** How long after a segment ends its spans are built: the run's own tail goes first. */
export const EXPORT_DELAY_MS = 50;

/** Segments waiting to be read and built, at most. */
export const SEGMENT_BACKLOG = 1024;

export interface Telemetry {
  readonly enabled: boolean;
  /** The event writer committed these events of a conversation: export the segments they end. */
  committed(db: Db, conversationId: string, events: readonly StoredEvent[]): void;
  /** Sends the spans of every segment noted so far (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
  health(): TelemetryHealth;
}

const OFF: Telemetry = {
  enabled: false,
  committed: () => {},
  flush: async () => {},
  shutdown: async () => {},
  health: () => ({ enabled: false }),
};

/** The process's telemetry from its environment: off, or exporting. Throws TelemetryConfigError for a refused setting. */
export function startTelemetry(
  logger: Logger,
  env: Record<string, string | undefined> = process.env,
  version?: string,
): Telemetry {
  const config = readTelemetryConfig(env);
  return config ? new OtlpTelemetry(config, logger, version) : OFF;
}

/** Hands the SDK the ids of the span about to start (the tracer asks for them synchronously). */
class FixedIds implements IdGenerator {
  next = { traceId: "", spanId: "" };
  generateTraceId = () => this.next.traceId;
  generateSpanId = () => this.next.spanId;
}

const hr = (ms: number): HrTime => {
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.round((ms - seconds * 1000) * 1e6)];
};

export class OtlpTelemetry implements Telemetry {
  readonly enabled = true;
  private readonly provider: BasicTracerProvider;
  private readonly ids = new FixedIds();
  private readonly backlog: Array<{ db: Db; ended: EndedSegment }> = [];
  private draining: Promise<void> | null = null;
  private counts = { exported: 0, queued: 0, dropped: 0, failed: 0, droppedSegments: 0 };
  private lastError: string | null = null;
  /** Exports under way (the batch processor's own flush does not wait for one it started earlier). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly config: TelemetryConfig,
    private readonly logger: Logger,
    version?: string,
  ) {
    const exporterOptions = {
      url: config.url,
      headers: config.headers,
      httpAgentOptions: exportAgent,
    };
    const inner: SpanExporter =
      config.protocol === "http/json" ? new JsonExporter(exporterOptions) : new ProtoExporter(exporterOptions);
    this.provider = new BasicTracerProvider({
      resource: resourceFromAttributes({
        ...config.resourceAttributes,
        [ATTR_SERVICE_NAME]: config.serviceName,
        ...(version ? { [ATTR_SERVICE_VERSION]: version } : {}),
      }),
      idGenerator: this.ids,
      sampler: new AlwaysOnSampler(),
      spanLimits: { attributeValueLengthLimit: 64 * 1024 },
      spanProcessors: [
        new BatchSpanProcessor(this.counting(inner), {
          maxQueueSize: config.maxQueueSize,
          maxExportBatchSize: config.maxExportBatchSize,
          scheduledDelayMillis: config.scheduledDelayMillis,
          exportTimeoutMillis: config.exportTimeoutMillis,
        }),
      ],
    });
  }

  committed(db: Db, conversationId: string, events: readonly StoredEvent[]): void {
    for (const e of events) {
      if (e.type !== "RunFinished" || !e.runId) continue;
      if (this.backlog.length >= SEGMENT_BACKLOG) {
        this.counts.droppedSegments++;
        continue;
      }
      this.backlog.push({ db, ended: { conversationId, runId: e.runId, seq: e.seq } });
    }
    if (this.backlog.length && !this.draining) {
      // A moment later: the run's own tail (its row, its lease, its waiters) goes first.
      this.draining = new Promise<void>((resolve) => setTimeout(resolve, EXPORT_DELAY_MS).unref()).then(() =>
        this.drain(),
      );
    }
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.backlog.shift(); next; next = this.backlog.shift()) {
        try {
          const input = await loadSegment(next.db, next.ended, this.config.captureContent);
          if (input) this.emit(buildSegmentSpans(input));
        } catch (err) {
          this.counts.droppedSegments++;
          this.noteError(err, "could not build a run segment's spans");
        }
      }
    } finally {
      this.draining = null;
    }
  }

  /** Starts and ends each span through the SDK with its own ids and times; past the queue bound, drops. */
  emit(spans: readonly SpanRecord[]): void {
    const tracer = this.provider.getTracer("atelier");
    for (const s of spans) {
      if (this.counts.queued >= this.config.maxQueueSize) {
        this.counts.dropped++;
        continue;
      }
      this.counts.queued++;
      this.ids.next = { traceId: s.traceId, spanId: s.spanId };
      const parent = s.parentSpanId
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: s.traceId,
            spanId: s.parentSpanId,
            traceFlags: TraceFlags.SAMPLED,
            isRemote: true,
          })
        : ROOT_CONTEXT;
      const links: Link[] = s.links.map((l) => ({
        context: { traceId: l.traceId, spanId: l.spanId, traceFlags: TraceFlags.SAMPLED },
        attributes: l.attributes,
      }));
      const span = tracer.startSpan(
        s.name,
        {
          kind: s.kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL,
          startTime: hr(s.startMs),
          attributes: s.attributes,
          links,
          root: !s.parentSpanId,
        },
        parent,
      );
      for (const ev of s.events) span.addEvent(ev.name, ev.attributes, hr(ev.timeMs));
      if (s.status.code === "error") span.setStatus({ code: SpanStatusCode.ERROR, message: s.status.message });
      span.end(hr(s.endMs));
    }
  }

  /** Counts what the exporter sent or lost (a failure is after the exporter's own retries). */
  private counting(inner: SpanExporter): SpanExporter {
    return {
      export: (spans: ReadableSpan[], done) => {
        let settle = () => {};
        const sent = new Promise<void>((resolve) => (settle = resolve));
        this.inFlight.add(sent);
        inner.export(spans, (result) => {
          this.inFlight.delete(sent);
          settle();
          this.counts.queued = Math.max(0, this.counts.queued - spans.length);
          // ExportResultCode.SUCCESS is 0 (@opentelemetry/core).
          if (result.code === 0) this.counts.exported += spans.length;
          else {
            this.counts.failed += spans.length;
            this.noteError(result.error, "the OTLP endpoint did not take spans");
          }
          done(result);
        });
      },
      shutdown: () => inner.shutdown(),
      forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
    };
  }

  private noteError(err: unknown, what: string): void {
    const message = err instanceof Error ? err.message : String(err ?? "unknown error");
    // Logged when the reason changes, not once per batch.
    const shown = message.slice(0, 300);
    if (shown !== this.lastError) this.logger.warn({ err: shown }, `OpenTelemetry export: ${what}`);
    this.lastError = shown;
  }

  async flush(): Promise<void> {
    while (this.draining) await this.draining;
    await this.provider.forceFlush().catch(() => {});
    await Promise.all([...this.inFlight]);
  }

  async shutdown(): Promise<void> {
    await this.flush();
    await this.provider.shutdown().catch(() => {});
  }

  health(): TelemetryHealth {
    const c = this.counts;
    return {
      enabled: true,
      protocol: this.config.protocol,
      endpoint: shownEndpoint(this.config.url),
      exportedSpans: c.exported,
      queuedSpans: c.queued,
      droppedSpans: c.dropped,
      failedSpans: c.failed,
      droppedSegments: c.droppedSegments,
      lastError: this.lastError,
    };
  }
}
