/**
 * What this process does: `all` (the default: accepts messages and executes runs in-process),
 * `web` (accepts messages, streams, decides; runs are enqueued for workers) or `worker` (executes
 * queued runs; no HTTP). `web` and `worker` need PostgreSQL: with SQLite only `all` is allowed.
 */
import { BrandedError } from "../../../errors";
export type AtelierRole = "web" | "worker" | "all";

/** A process started with settings it cannot run with (never an HTTP answer: the process exits). */
export class RoleConfigError extends BrandedError {
  static override readonly kind: string = "RoleConfigError";
  constructor(message: string) {
    super(message);
  }
}

export function atelierRole(env: Record<string, string | undefined> = process.env): AtelierRole {
  const raw = (env.ATELIER_ROLE ?? "all").trim().toLowerCase();
  if (raw === "web" || raw === "worker" || raw === "all") return raw;
  throw new RoleConfigError(`ATELIER_ROLE must be web, worker or all (got '${env.ATELIER_ROLE}').`);
}

/** Throws when the role cannot run on the database: queue mode needs PostgreSQL. */
export function assertRoleFits(role: AtelierRole, dialect: "sqlite" | "postgresql"): void {
  if (role !== "all" && dialect !== "postgresql")
    throw new RoleConfigError(
      `ATELIER_ROLE=${role} needs PostgreSQL (DATABASE_URL=postgresql://…): with SQLite only 'all' is allowed, where runs execute in the same process.`,
    );
}

/** True when runs go through the PostgreSQL job queue (web and worker processes). */
export function isQueueMode(role: AtelierRole): role is "web" | "worker" {
  return role !== "all";
}

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new RoleConfigError(`${name} must be a positive integer (got '${raw}').`);
  return n;
}

export interface QueueSettings {
  /** Runs one worker executes at once (ATELIER_WORKER_CONCURRENCY, default 8). */
  concurrency: number;
  /** A running run's lease; renewed every third of it (ATELIER_LEASE_MS, default 15 s). */
  leaseMs: number;
  /** How long SIGTERM waits for a worker's runs before handing them back (ATELIER_SHUTDOWN_GRACE_MS, default 20 s). */
  shutdownGraceMs: number;
  /** Attempts of a job the queue makes when its handler fails (ATELIER_JOB_RETRIES, default 3). */
  jobRetries: number;
}

export function queueSettings(env: Record<string, string | undefined> = process.env): QueueSettings {
  return {
    concurrency: positiveInt(env, "ATELIER_WORKER_CONCURRENCY", 8),
    leaseMs: positiveInt(env, "ATELIER_LEASE_MS", 15_000),
    shutdownGraceMs: positiveInt(env, "ATELIER_SHUTDOWN_GRACE_MS", 20_000),
    jobRetries: positiveInt(env, "ATELIER_JOB_RETRIES", 3),
  };
}
