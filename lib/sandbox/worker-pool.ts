/**
 * A bounded pool of `worker_threads`, each running `sandbox-worker.mjs` (QuickJS off the main
 * thread, so a spinning tool never blocks the server's event loop).
 *
 * - size: `os.availableParallelism()` by default; workers start lazily (or all at `warmup()`).
 * - one call per worker at a time; further calls wait in a FIFO queue (bounded).
 * - fair share: every call names its `owner` (the principal it runs for; a call without one is
 *   refused), and one owner holds at most `maxPerOwner` workers at once (default: all but one), so
 *   one user spinning never takes the last worker from everyone else; an owner's extra calls wait
 *   behind its own, and past `maxQueuedPerOwner` waiting calls a call is refused with
 *   SandboxBusyError (429, Retry-After).
 * - a worker whose sandbox hit a limit (timeout, memory, stack) or failed is replaced.
 * - backstop: if a worker has not answered `backstopGraceMs` after the call's deadline, it is
 *   terminated and the call ends as a timeout.
 * - `ctx.fetch` requests from a worker are answered by the call's `onFetch` handler here on the
 *   main thread (where the egress policy lives); open requests are aborted when the call ends.
 * - idle workers are `unref()`ed, so a forgotten pool does not keep a process alive.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { EgressRequest, EgressResponse } from "./egress-fetch";
import { RetryLaterError } from "../errors";
import { guestBootstrap } from "./guest-prelude";
import { DEFAULT_SANDBOX_LIMITS } from "./sandbox-limits";
import type { SandboxJob, SandboxResult, WorkerInbound, WorkerOutbound } from "./sandbox-protocol";

export const WORKER_PATH_ENV = "ATELIER_SANDBOX_WORKER";

export type FetchHandler = (
  request: EgressRequest,
  remainingMs: number,
  signal: AbortSignal,
) => Promise<EgressResponse>;

export interface SandboxPoolOptions {
  /** Number of workers. Default `os.availableParallelism()`. */
  size?: number;
  /** Path or file URL of `sandbox-worker.mjs`. Default: `$ATELIER_SANDBOX_WORKER`, then beside this file, then `<cwd>/lib/sandbox/`. */
  workerPath?: string | URL;
  /** How long after a call's deadline the pool kills a worker that has not answered. Default 2000 ms. */
  backstopGraceMs?: number;
  /** Calls allowed to wait for a worker. Default 10 000. */
  maxQueue?: number;
  /** Memory cap of the QuickJS module each worker prepares at start. Default 64 MB. */
  warmMemoryBytes?: number;
  /** V8 heap cap of each worker (the host side of the sandbox), MB. Default 256. */
  workerHeapMb?: number;
  /** A worker not ready after this long is given up (and one waiting call fails). Default 30 s. */
  startTimeoutMs?: number;
  /** Workers one owner may hold at once. Default `size - 1` (at least 1). */
  maxPerOwner?: number;
  /** Calls one owner may have waiting. Default 32. */
  maxQueuedPerOwner?: number;
}

export interface RunCallOptions {
  onFetch?: FetchHandler;
  /** The principal the call runs for (required: no call runs outside every principal's share). */
  owner: string;
}

/** One principal already waits for the sandbox with as many calls as it may. */
export class SandboxBusyError extends RetryLaterError {
  static override readonly kind: string = "SandboxBusyError";
  constructor(waiting: number, retryAfterSeconds: number) {
    super(
      `The sandbox is busy with your other calls (${waiting} waiting); try again in ${retryAfterSeconds} s.`,
      retryAfterSeconds,
    );
    this.name = "SandboxBusyError";
  }
}

export type JobInput = Omit<SandboxJob, "id">;

interface Task {
  id: number;
  owner: string;
  job: SandboxJob;
  options: RunCallOptions;
  resolve: (result: SandboxResult) => void;
  /** Aborts the call's open `ctx.fetch` requests when it ends; made at its first request. */
  fetches: AbortController | null;
  backstop: ReturnType<typeof setTimeout> | null;
}

interface Slot {
  worker: Worker;
  /** Settles when the worker reported ready (or failed to start). */
  readyPromise: Promise<void>;
  ready: boolean;
  task: Task | null;
  gone: boolean;
}

export interface PoolStats {
  size: number;
  workers: number;
  busy: number;
  queued: number;
  recycled: number;
  completed: number;
}

let nextTaskId = 1;

export function resolveWorkerPath(option?: string | URL): string | URL {
  if (option) return option;
  const fromEnv = process.env[WORKER_PATH_ENV];
  if (fromEnv) return fromEnv;
  const candidates: string[] = [];
  try {
    const url = new URL("./sandbox-worker.mjs", import.meta.url);
    if (url.protocol === "file:") candidates.push(fileURLToPath(url));
  } catch {
    // import.meta.url unavailable or not a file URL (bundled)
  }
  candidates.push(path.join(process.cwd(), "lib", "sandbox", "sandbox-worker.mjs"));
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  throw new Error(
    `Cannot locate the sandbox worker (sandbox-worker.mjs); looked in ${candidates.join(", ")}. Set ${WORKER_PATH_ENV} to its path.`,
  );
}

export class SandboxPool {
  readonly size: number;
  private readonly workerPath: string | URL;
  private readonly backstopGraceMs: number;
  private readonly maxQueue: number;
  private readonly warmMemoryBytes: number;
  private readonly workerHeapMb: number;
  private readonly startTimeoutMs: number;
  private readonly maxPerOwner: number;
  private readonly maxQueuedPerOwner: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private closed = false;
  private recycled = 0;
  private completed = 0;

  constructor(options: SandboxPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? os.availableParallelism()));
    this.workerPath = resolveWorkerPath(options.workerPath);
    this.backstopGraceMs = options.backstopGraceMs ?? 2000;
    this.maxQueue = options.maxQueue ?? 10_000;
    this.warmMemoryBytes = options.warmMemoryBytes ?? DEFAULT_SANDBOX_LIMITS.memoryBytes;
    this.workerHeapMb = options.workerHeapMb ?? 256;
    this.startTimeoutMs = options.startTimeoutMs ?? 30_000;
    this.maxPerOwner = Math.max(1, Math.floor(options.maxPerOwner ?? this.size - 1));
    this.maxQueuedPerOwner = Math.max(1, Math.floor(options.maxQueuedPerOwner ?? 32));
  }

  /**
   * Run one call for `options.owner`. Failures come back as `{ok: false, error}`; the rejections
   * are SandboxBusyError, for an owner that already has `maxQueuedPerOwner` calls waiting (429 to
   * that caller), and a TypeError for a call that names no owner (a programming error).
   */
  run(input: JobInput, options: RunCallOptions): Promise<SandboxResult> {
    const owner = options?.owner;
    if (typeof owner !== "string" || owner === "")
      return Promise.reject(new TypeError("SandboxPool.run: every call names its owner (the principal it runs for)"));
    const waiting = this.queue.reduce((n, t) => n + (t.owner === owner ? 1 : 0), 0);
    if (waiting >= this.maxQueuedPerOwner) {
      const seconds = Math.max(1, Math.ceil(input.limits.timeoutMs / 1000));
      return Promise.reject(new SandboxBusyError(waiting, seconds));
    }
    return new Promise<SandboxResult>((resolve) => {
      if (this.closed) {
        resolve(failure("crash", "the sandbox pool is closed"));
        return;
      }
      if (this.queue.length >= this.maxQueue) {
        resolve(failure("crash", `the sandbox is overloaded: ${this.queue.length} calls are already waiting`));
        return;
      }
      const id = nextTaskId++;
      this.queue.push({
        id,
        owner,
        job: { ...input, id },
        options,
        resolve,
        fetches: null,
        backstop: null,
      });
      this.dispatch();
    });
  }

  /** Start every worker and wait until each has its QuickJS module ready. */
  async warmup(): Promise<void> {
    while (this.slots.size < this.size && !this.closed) this.spawn();
    await Promise.all([...this.slots].map((slot) => slot.readyPromise));
  }

  stats(): PoolStats {
    let busy = 0;
    for (const slot of this.slots) if (slot.task) busy++;
    return {
      size: this.size,
      workers: this.slots.size,
      busy,
      queued: this.queue.length,
      recycled: this.recycled,
      completed: this.completed,
    };
  }

  /** Refuse new calls, let running ones finish (up to `graceMs`), then stop every worker. */
  async close(graceMs = 5000): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const task of this.queue.splice(0)) task.resolve(failure("crash", "the sandbox pool was closed"));
    const deadline = Date.now() + graceMs;
    while ([...this.slots].some((s) => s.task) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const exits: Promise<unknown>[] = [];
    for (const slot of [...this.slots]) exits.push(this.retire(slot, failure("crash", "the sandbox pool was closed")));
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const next = this.nextRunnable();
      if (next < 0) return; // every waiting call belongs to an owner at its share
      let idle: Slot | undefined;
      for (const slot of this.slots) {
        if (slot.ready && !slot.task && !slot.gone) {
          idle = slot;
          break;
        }
      }
      if (!idle) {
        const starting = [...this.slots].filter((s) => !s.ready && !s.gone).length;
        if (this.slots.size < this.size && starting < this.queue.length) this.spawn();
        return;
      }
      this.start(idle, this.queue.splice(next, 1)[0]);
    }
  }

  /** The first waiting call whose owner holds fewer workers than its share (-1: none). */
  private nextRunnable(): number {
    const held = new Map<string, number>();
    for (const slot of this.slots) if (slot.task) held.set(slot.task.owner, (held.get(slot.task.owner) ?? 0) + 1);
    return this.queue.findIndex((t) => (held.get(t.owner) ?? 0) < this.maxPerOwner);
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.ref();
    task.backstop = setTimeout(() => {
      if (slot.task !== task) return;
      void this.retire(slot, failure("timeout", "the sandbox did not stop at its deadline; the worker was terminated"));
    }, task.job.limits.timeoutMs + this.backstopGraceMs);
    const message: WorkerInbound = { type: "run", id: task.id, job: task.job };
    slot.worker.postMessage(message);
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerPath, {
      workerData: guestBootstrap(this.warmMemoryBytes),
      env: {},
      execArgv: [],
      stdout: false,
      stderr: false,
      resourceLimits: { maxOldGenerationSizeMb: this.workerHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    worker.unref();
    let markReady: () => void = () => {};
    const readyPromise = new Promise<void>((r) => (markReady = r));
    const slot: Slot = { worker, ready: false, task: null, gone: false, readyPromise };
    this.slots.add(slot);

    // A worker that cannot even start (e.g. the QuickJS module never loads) must not strand the queue.
    const startTimer = setTimeout(() => {
      if (slot.ready || slot.gone) return;
      this.queue.shift()?.resolve(failure("crash", `the sandbox did not start within ${this.startTimeoutMs} ms`));
      void this.retire(slot, null);
    }, this.startTimeoutMs);
    startTimer.unref();

    worker.on("message", (message: WorkerOutbound) => {
      if (message.type === "ready") {
        clearTimeout(startTimer);
        markReady();
        if (message.error) {
          // The QuickJS module cannot load here: fail what is waiting rather than respawn forever.
          const pending = this.queue.shift();
          pending?.resolve(failure("crash", `the sandbox could not start: ${message.error}`));
          void this.retire(slot, null);
          return;
        }
        slot.ready = true;
        this.dispatch();
      } else if (message.type === "fetch") {
        this.answerFetch(slot, message);
      } else if (message.type === "done") {
        const task = slot.task;
        if (!task || task.id !== message.id) return;
        this.finishTask(slot, task, message.result);
        if (message.result.recycle) {
          void this.retire(slot, null);
        } else {
          slot.worker.unref();
        }
        this.dispatch();
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
      void this.retire(
        slot,
        failure(
          outOfMemory ? "memory" : "crash",
          outOfMemory ? "out of memory" : `the sandbox worker failed: ${error.message}`,
        ),
      );
      markReady();
    });
    worker.on("exit", () => {
      markReady();
      if (!slot.gone) void this.retire(slot, failure("crash", "the sandbox worker exited unexpectedly"));
    });
    return slot;
  }

  private answerFetch(slot: Slot, message: Extract<WorkerOutbound, { type: "fetch" }>): void {
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    const reply = (answer: WorkerInbound) => {
      if (slot.task === task && !slot.gone) slot.worker.postMessage(answer);
    };
    const handler = task.options.onFetch;
    if (!handler) {
      reply({
        type: "fetch-result",
        id: task.id,
        reqId: message.reqId,
        ok: false,
        message: "ctx.fetch is not available here",
      });
      return;
    }
    task.fetches ??= new AbortController();
    handler(message.request, message.remainingMs, task.fetches.signal).then(
      (response) => reply({ type: "fetch-result", id: task.id, reqId: message.reqId, ok: true, response }),
      (error: unknown) =>
        reply({
          type: "fetch-result",
          id: task.id,
          reqId: message.reqId,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }

  private finishTask(slot: Slot, task: Task, result: SandboxResult): void {
    if (task.backstop) clearTimeout(task.backstop);
    task.fetches?.abort();
    slot.task = null;
    this.completed++;
    task.resolve(result);
  }

  /** Stop a worker; its running call (if any) ends with `result`. A replacement starts on demand. */
  private async retire(slot: Slot, result: SandboxResult | null): Promise<void> {
    if (slot.gone) return;
    slot.gone = true;
    this.slots.delete(slot);
    this.recycled++;
    const task = slot.task;
    if (task) this.finishTask(slot, task, result ?? failure("crash", "the sandbox worker was stopped"));
    // Keep the pool warm: a worker that had started is replaced at once (not one that failed to start).
    if (!this.closed && slot.ready && this.slots.size < this.size) this.spawn();
    try {
      await slot.worker.terminate();
    } catch {
      // already gone
    }
    if (!this.closed) this.dispatch();
  }
}

function failure(kind: "crash" | "timeout" | "memory", message: string): SandboxResult {
  return {
    ok: false,
    error: { kind, name: kind === "timeout" ? "InternalError" : "Error", message },
    logs: [],
    events: [],
    recycle: true,
  };
}
