/**
 * The composition root (lib/server/README.md): the one object per server process that builds and
 * holds what the process shares — the logger, the database client, the event bus, the run runtime
 * with its queue, the sandbox pool, the tool analyser and the limiters. Routes, workers, scripts
 * and `instrumentation.ts` ask for it with `server()`; nothing below it keeps process state of its
 * own: every shared object is built here and handed down.
 *
 * Next.js bundles each route handler and `instrumentation.ts` apart, so this module exists several
 * times in one process. The server therefore lives in one `globalThis` slot (`Symbol.for`), and
 * whichever copy asks first builds it. Code that recognises errors thrown by its objects uses
 * `X.is(err)` (lib/errors.ts), never `instanceof`, because they may come from another copy.
 */
import { authenticate, type RequestLike } from "../auth/authenticate";
import { BearerFailureLimiter } from "../auth/bearer-limiter";
import { HashGate } from "../auth/hash-gate";
import { PasswordHasher } from "../auth/password-hash";
import { PrincipalRateLimiter } from "../auth/rate-limiter";
import type { Principal } from "../auth/roles";
import { SignInLimiter } from "../auth/sign-in-limiter";
import { createDb, type Db } from "../db/client";
import { resolveDatabaseTarget, type DatabaseTarget } from "../db/database-url";
import { EventBus } from "../events/event-bus";
import { LiveStreamLimits, liveStreamLimitsFromEnv } from "../events/sse";
import { createLogger, type Logger } from "../logger";
import { loadPriceRules } from "../prices/price-entries";
import { watchPriceEntries } from "../prices/price-entry-cache";
import { ensureQueueMode, stopQueueMode } from "../runs/infra/queue/queue-mode";
import { assertRoleFits, atelierRole, isQueueMode } from "../runs/infra/queue/role";
import { createRunRuntime, type RunRuntime } from "../runs/infra/runtime";
import { createTurnLimiters, type RunningTurns } from "../runs/use-cases/turn-limits";
import { SandboxPool } from "../sandbox/worker-pool";
import { DEFAULT_ANALYSIS_BUDGET } from "../tool-store/analysis-budget";
import { AnalysisRunner } from "../tools/analysis-runner";
import { startTelemetry, type Telemetry } from "../telemetry/telemetry";

export interface ServerLimits {
  /** Failed sign-ins per account and per address (also password changes). */
  signIn: SignInLimiter;
  /** Failed bearer tokens per client address (a shared budget when the address is unknown). */
  bearer: BearerFailureLimiter;
  /** At most two scrypt hashes at once, eight waiting. */
  hashGate: HashGate;
  /** Each principal's budget of tool analyses (analyse, create, save). */
  analysis: PrincipalRateLimiter;
  /** New conversations per principal per minute (ATELIER_CONVERSATIONS_PER_MINUTE). */
  conversations: PrincipalRateLimiter;
  /** Messages per principal per minute (ATELIER_MESSAGES_PER_MINUTE). */
  messages: PrincipalRateLimiter;
  /** Turns of one principal running at once (ATELIER_TURNS_PER_USER). */
  turns: RunningTurns;
  /** Live event streams per user and the buffer each holds (ATELIER_STREAMS_PER_USER, ATELIER_STREAM_BUFFER). */
  streams: LiveStreamLimits;
}

export interface Server {
  readonly logger: Logger;
  readonly database: DatabaseTarget;
  readonly db: Db;
  readonly bus: EventBus;
  /** The sandbox's worker pool (started on first use). */
  readonly sandbox: SandboxPool;
  /** The tool analyser's worker (started on first use, or warmed at start). */
  readonly analyser: AnalysisRunner;
  readonly limits: ServerLimits;
  /** Hashes and verifies passwords through `limits.hashGate`. */
  readonly passwords: PasswordHasher;
  /** OpenTelemetry export, from the OTEL_* variables (lib/telemetry): off unless an endpoint is set. */
  readonly telemetry: Telemetry;
  /** The run engine on this database (queue mode not started: see `ready`). */
  readonly runtime: RunRuntime;
  /** The runtime with queue mode started when this process is a web process or a worker (ATELIER_ROLE). */
  ready(): Promise<RunRuntime>;
  /**
   * Who is calling: a bearer token or a session cookie (same-origin check for unsafe methods), or
   * null. Bearer failures count against `limits.bearer` (429 `too_many_attempts` once spent).
   */
  authenticate(req: RequestLike): Promise<Principal | null>;
  /** Stops the queue, the workers and the database client (tests, shutdown). */
  close(): Promise<void>;
}

/** What a process builds once, whatever database it serves. */
interface ProcessParts {
  logger: Logger;
  telemetry: Telemetry;
  bus: EventBus;
  limits: ServerLimits;
  passwords: PasswordHasher;
  sandbox?: SandboxPool;
  analyser?: AnalysisRunner;
}

class AtelierServer implements Server {
  private runtimeValue: RunRuntime | undefined;
  private dbValue: Db | undefined;
  private stopPriceWatch: (() => void) | undefined;
  private pricesLoaded: Promise<void> = Promise.resolve();

  constructor(
    private readonly parts: ProcessParts,
    readonly database: DatabaseTarget,
  ) {}

  get logger() {
    return this.parts.logger;
  }
  get bus() {
    return this.parts.bus;
  }
  get telemetry() {
    return this.parts.telemetry;
  }
  get limits() {
    return this.parts.limits;
  }
  get passwords() {
    return this.parts.passwords;
  }
  get sandbox() {
    return (this.parts.sandbox ??= new SandboxPool());
  }
  get analyser() {
    return (this.parts.analyser ??= new AnalysisRunner(analyserOptions()));
  }
  get db() {
    return (this.dbValue ??= createDb(this.database));
  }
  get runtime() {
    if (!this.runtimeValue) {
      // Pricing reads custom price entries from a per-process cache (lib/prices/price-entry-cache.ts).
      const db = this.db;
      // Queue mode (several processes) also reloads them on a timer; ready() reports a bad ATELIER_ROLE.
      const poll = (process.env.ATELIER_ROLE ?? "all").trim().toLowerCase() !== "all";
      const watch = watchPriceEntries(() => loadPriceRules(db), { poll });
      this.stopPriceWatch = watch.stop;
      this.pricesLoaded = watch.loaded;
    }
    return (this.runtimeValue ??= createRunRuntime({
      db: this.db,
      dialect: this.database.kind,
      bus: this.bus,
      logger: this.logger,
      sandbox: () => this.sandbox,
      telemetry: this.parts.telemetry,
    }));
  }

  authenticate(req: RequestLike): Promise<Principal | null> {
    return authenticate(this.db, req, undefined, this.limits.bearer);
  }

  async ready(): Promise<RunRuntime> {
    const rt = this.runtime;
    await this.pricesLoaded; // the first turn is priced with the custom price entries
    const role = atelierRole();
    if (!isQueueMode(role)) return rt;
    assertRoleFits(role, this.database.kind);
    await ensureQueueMode(rt, role, this.database.url);
    return rt;
  }

  /** The same process parts on another database (tests switch DATABASE_URL between files). */
  on(database: DatabaseTarget): AtelierServer {
    void this.closeDatabase();
    return new AtelierServer(this.parts, database);
  }

  async closeDatabase(): Promise<void> {
    const rt = this.runtimeValue;
    const db = this.dbValue;
    this.runtimeValue = undefined;
    this.dbValue = undefined;
    this.stopPriceWatch?.();
    this.stopPriceWatch = undefined;
    if (rt) await stopQueueMode(rt, false).catch(() => {});
    await rt?.webhooks?.close().catch(() => {});
    await db?.$disconnect();
  }

  async close(): Promise<void> {
    await this.closeDatabase();
    const { sandbox, analyser } = this.parts;
    this.parts.sandbox = undefined;
    this.parts.analyser = undefined;
    await Promise.all([sandbox?.close(), analyser?.close(), this.parts.telemetry.shutdown()]);
  }
}

function analyserOptions() {
  const timeoutMs = Number(process.env.ATELIER_ANALYSIS_TIMEOUT_MS);
  const queue = process.env.ATELIER_ANALYSIS_QUEUE;
  return {
    timeoutMs: timeoutMs > 0 ? timeoutMs : undefined,
    maxQueue: queue !== undefined && /^\d+$/.test(queue.trim()) ? Number(queue) : undefined,
  };
}

function buildProcessParts(): ProcessParts {
  const limits: ServerLimits = {
    signIn: new SignInLimiter(),
    bearer: new BearerFailureLimiter(),
    hashGate: new HashGate(2, 8),
    analysis: new PrincipalRateLimiter("analysis", DEFAULT_ANALYSIS_BUDGET),
    ...createTurnLimiters(),
    streams: new LiveStreamLimits(liveStreamLimitsFromEnv()),
  };
  const logger = createLogger();
  return {
    logger,
    // A refused OTEL_* setting (e.g. OTEL_EXPORTER_OTLP_PROTOCOL=grpc) stops the start here.
    telemetry: startTelemetry(logger),
    bus: new EventBus(),
    limits,
    passwords: new PasswordHasher(limits.hashGate),
  };
}

const SLOT = Symbol.for("atelier.server");
type Slot = { [SLOT]?: AtelierServer };

/** The process's server, for the database DATABASE_URL names (built on first use). */
export function server(): Server {
  const g = globalThis as Slot;
  const database = resolveDatabaseTarget();
  const current = g[SLOT];
  if (current && current.database.url === database.url) return current;
  const next = current ? current.on(database) : new AtelierServer(buildProcessParts(), database);
  g[SLOT] = next;
  return next;
}

/** The runtime with queue mode started when configured: what routes that run or follow turns use. */
export function readyRunRuntime(): Promise<RunRuntime> {
  return server().ready();
}

/** Closes the process's server; the next `server()` builds a new one (tests, shutdown). */
export async function closeServer(): Promise<void> {
  const g = globalThis as Slot;
  const current = g[SLOT];
  g[SLOT] = undefined;
  await current?.close();
}
