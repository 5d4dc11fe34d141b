/**
 * What GET /api/health answers (browser-safe: zod only). An anonymous caller gets only
 * `PublicHealth` (ok / degraded); a signed-in one the full `HealthReport`, with run execution
 * (`RunsHealth`, built by lib/runs/infra/queue/queue-health.ts) when the database answers.
 */
import { z } from "zod";

export const HealthStatus = z.enum(["ok", "degraded"]);
export type HealthStatus = z.infer<typeof HealthStatus>;

/** This process's run execution: its role, the queue's depth, the live workers, its turns running. */
export const RunsHealth = z.strictObject({
  /** What this process does (ATELIER_ROLE, lib/runs/infra/queue/role.ts). */
  role: z.enum(["web", "worker", "all"]),
  /** Jobs waiting; null when the queue could not be read. */
  queueDepth: z.number().int().nonnegative().nullable(),
  /** Worker processes alive (queue mode); null otherwise or when they could not be counted. */
  liveWorkers: z.number().int().nonnegative().nullable(),
  activeTurns: z.number().int().nonnegative(),
});
export type RunsHealth = z.infer<typeof RunsHealth>;

/**
 * This process's OpenTelemetry export (lib/telemetry, docs/telemetry.md): off, or where it sends
 * and what became of the spans — sent, waiting, dropped because a bounded queue was full, refused
 * or unreachable at the endpoint — and the execution segments that could not be turned into spans.
 */
export const TelemetryHealth = z.union([
  z.strictObject({ enabled: z.literal(false) }),
  z.strictObject({
    enabled: z.literal(true),
    protocol: z.enum(["http/protobuf", "http/json"]),
    /** Scheme, host, port and path (never a query or the headers). */
    endpoint: z.string(),
    exportedSpans: z.number().int().nonnegative(),
    queuedSpans: z.number().int().nonnegative(),
    droppedSpans: z.number().int().nonnegative(),
    failedSpans: z.number().int().nonnegative(),
    droppedSegments: z.number().int().nonnegative(),
    lastError: z.string().nullable(),
  }),
]);
export type TelemetryHealth = z.infer<typeof TelemetryHealth>;

export const HealthReport = z.strictObject({
  status: HealthStatus,
  version: z.string(),
  database: z.strictObject({
    kind: z.enum(["sqlite", "postgresql"]),
    reachable: z.boolean(),
    /** The database's last error line, when it does not answer. */
    error: z.string().optional(),
    migrations: z.strictObject({
      committed: z.number().int().nonnegative(),
      applied: z.number().int().nonnegative(),
      pending: z.array(z.string()),
      latest: z.string().nullable(),
    }),
  }),
  uptimeSeconds: z.number().int().nonnegative(),
  /** Signed-in callers: run execution, null when it could not be read; absent when the database is down. */
  runs: RunsHealth.nullable().optional(),
  /** Signed-in callers: this process's OpenTelemetry export. */
  telemetry: TelemetryHealth.optional(),
});
export type HealthReport = z.infer<typeof HealthReport>;

/** What an anonymous caller may know (strict: no detail may leak into it). */
export const PublicHealth = z.strictObject({ status: HealthStatus });
export type PublicHealth = z.infer<typeof PublicHealth>;
