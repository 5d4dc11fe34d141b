/**
 * Tool analysis off the main thread (lib/tools/README.md, "Analysis worker"): one warm
 * `worker_threads` worker runs `analyzeTool` (analysis-worker.mjs), so the TypeScript checker never
 * blocks the server's event loop, and each analysis has a time limit: when it is exceeded the
 * caller gets a diagnostic saying so, the worker is terminated and a fresh one is started.
 *
 * - one analysis at a time, FIFO; the queue is bounded (`AnalysisBusyError`, 429, when full);
 * - the limit counts from when the worker receives the source (queueing and start-up are not
 *   charged to it); start-up has its own, longer limit;
 * - the worker is `unref()`ed while idle, so it never holds a process open on its own.
 *
 * Locating the files (the sandbox pool's pattern, lib/sandbox/README.md "Next.js"): the worker
 * script from the `workerPath` option, `$ATELIER_ANALYSIS_WORKER`, `new URL("./analysis-worker.mjs",
 * import.meta.url)` (Turbopack emits it as an asset and resolves the URL), then
 * `<cwd>/lib/tools/analysis-worker.mjs`; the analyser module (TypeScript, loaded in the worker
 * through tsx) from `analyzerPath`, `$ATELIER_ANALYZER_MODULE`, beside this file, then
 * `<cwd>/lib/tools/analyze-tool.ts`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { RetryLaterError } from "../errors";
import type { AnalysisKnown, AnalysisResult } from "./tool-types";

export const ANALYSIS_WORKER_ENV = "ATELIER_ANALYSIS_WORKER";
export const ANALYZER_MODULE_ENV = "ATELIER_ANALYZER_MODULE";
export const DEFAULT_ANALYSIS_TIMEOUT_MS = 10_000;

export interface AnalysisRunnerOptions {
  /** Path or file URL of `analysis-worker.mjs` (tests point it at fixtures). */
  workerPath?: string | URL;
  /** Path of `analyze-tool.ts`. */
  analyzerPath?: string;
  /** Time limit of one analysis, from when the worker receives it. Default 10 s. */
  timeoutMs?: number;
  /** A worker not ready after this long is given up. Default 60 s. */
  startTimeoutMs?: number;
  /** Analyses allowed to wait. Default 64. */
  maxQueue?: number;
  /** V8 heap cap of the worker, MB (an out-of-memory checker ends like a timeout). Default 512. */
  heapMb?: number;
}

export interface AnalysisRunnerStats {
  /** Workers started so far (1 + replacements). */
  started: number;
  completed: number;
  timedOut: number;
  queued: number;
}

/** Too many analyses are already waiting for the analyser. */
export class AnalysisBusyError extends RetryLaterError {
  static override readonly kind: string = "AnalysisBusyError";
  constructor(queued: number) {
    super(`The tool analyser is busy (${queued} analyses waiting); try again in a moment.`, 1);
  }
}

/** What an analysis may be told besides the source (analyze-tool.ts, `AnalyzeOptions`). */
export interface AnalysisRequest {
  /** The connections the studio has; absent: the checks that need them are skipped. */
  known?: AnalysisKnown;
}

interface Task {
  id: number;
  source: string;
  known?: AnalysisKnown;
  resolve: (r: AnalysisResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const FIRST_LINE = { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 };

/** The analysis of a source the analyser could not finish: a definition error, so nothing is saved runnable. */
export function failedAnalysis(message: string): AnalysisResult {
  return {
    tool: null,
    preview: null,
    diagnostics: [{ severity: "error", code: "ToolDefinitionError", message, range: FIRST_LINE }],
  };
}

function firstExisting(candidates: string[], what: string, env: string): string {
  for (const c of candidates) if (existsSync(c)) return c;
  throw new Error(`Cannot locate ${what}; looked in ${candidates.join(", ")}. Set ${env} to its path.`);
}

function hereDir(): string | null {
  try {
    const url = new URL(import.meta.url);
    return url.protocol === "file:" ? path.dirname(fileURLToPath(url)) : null;
  } catch {
    return null; // bundled without a file URL
  }
}

export function resolveAnalysisWorkerPath(option?: string | URL): string | URL {
  if (option) return option;
  const fromEnv = process.env[ANALYSIS_WORKER_ENV];
  if (fromEnv) return fromEnv;
  const candidates: string[] = [];
  try {
    const url = new URL("./analysis-worker.mjs", import.meta.url);
    if (url.protocol === "file:") candidates.push(fileURLToPath(url));
  } catch {
    // import.meta.url unavailable or not a file URL (bundled)
  }
  candidates.push(path.join(process.cwd(), "lib", "tools", "analysis-worker.mjs"));
  return firstExisting(candidates, "the analysis worker (analysis-worker.mjs)", ANALYSIS_WORKER_ENV);
}

export function resolveAnalyzerPath(option?: string): string {
  if (option) return option;
  const fromEnv = process.env[ANALYZER_MODULE_ENV];
  if (fromEnv) return fromEnv;
  const here = hereDir();
  const candidates = here ? [path.join(here, "analyze-tool.ts")] : [];
  candidates.push(path.join(process.cwd(), "lib", "tools", "analyze-tool.ts"));
  return firstExisting(candidates, "the tool analyser (analyze-tool.ts)", ANALYZER_MODULE_ENV);
}

let nextId = 1;

export class AnalysisRunner {
  private readonly workerPath: string | URL;
  private readonly analyzerUrl: string;
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly maxQueue: number;
  private readonly heapMb: number;
  private readonly queue: Task[] = [];
  private slot: Slot | null = null;
  private closed = false;
  private readonly counts = { started: 0, completed: 0, timedOut: 0 };

  constructor(options: AnalysisRunnerOptions = {}) {
    this.workerPath = resolveAnalysisWorkerPath(options.workerPath);
    this.analyzerUrl = pathToFileURL(resolveAnalyzerPath(options.analyzerPath)).href;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_ANALYSIS_TIMEOUT_MS;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.maxQueue = options.maxQueue ?? 64;
    this.heapMb = options.heapMb ?? 512;
  }

  /** Analyses `source` in the worker. Never rejects except AnalysisBusyError (queue full) or a closed runner. */
  analyze(source: string, request: AnalysisRequest = {}): Promise<AnalysisResult> {
    if (this.closed) return Promise.resolve(failedAnalysis("the tool analyser is shut down"));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new AnalysisBusyError(this.queue.length));
    return new Promise((resolve) => {
      this.queue.push({ id: nextId++, source, known: request.known, resolve });
      this.pump();
    });
  }

  /** Starts the worker now and waits until it is warm (its first analysis done). */
  async warmup(): Promise<void> {
    await this.analyze("");
  }

  stats(): AnalysisRunnerStats {
    return { ...this.counts, queued: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.resolve(failedAnalysis("the tool analyser was shut down"));
    const slot = this.slot;
    this.slot = null;
    if (slot) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.task?.resolve(failedAnalysis("the tool analyser was shut down"));
      await slot.worker.terminate();
    }
  }

  private pump(): void {
    if (this.closed) return;
    if (!this.slot) this.slot = this.spawn();
    const slot = this.slot;
    if (!slot.ready || slot.task || this.queue.length === 0) return;
    const task = this.queue.shift()!;
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => this.timeOut(slot), this.timeoutMs);
    slot.worker.postMessage({ type: "analyze", id: task.id, source: task.source, known: task.known });
  }

  private spawn(): Slot {
    this.counts.started++;
    const worker = new Worker(this.workerPath, {
      workerData: { analyzerUrl: this.analyzerUrl },
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    const slot: Slot = { worker, ready: false, task: null, timer: null };
    const startTimer = setTimeout(
      () => this.retire(slot, `the tool analyser did not start within ${this.startTimeoutMs} ms`),
      this.startTimeoutMs,
    );
    startTimer.unref();
    worker.on("message", (message: { type: string; id?: number; result?: AnalysisResult; error?: string }) => {
      if (message.type === "ready") {
        clearTimeout(startTimer);
        slot.ready = true;
        worker.unref();
        this.pump();
      } else if (message.type === "failed") {
        clearTimeout(startTimer);
        this.retire(slot, `the tool analyser could not start: ${message.error}`);
      } else if (message.type === "done" && slot.task && message.id === slot.task.id) {
        const task = slot.task;
        if (slot.timer) clearTimeout(slot.timer);
        slot.task = null;
        slot.timer = null;
        this.counts.completed++;
        task.resolve(message.result ?? failedAnalysis(`the analyser failed on this source: ${message.error}`));
        if (this.queue.length === 0) worker.unref();
        this.pump();
      }
    });
    worker.on("error", (error) => this.retire(slot, `the tool analyser crashed: ${error.message}`));
    worker.on("exit", (code) => this.retire(slot, `the tool analyser stopped unexpectedly (exit code ${code})`));
    return slot;
  }

  private timeOut(slot: Slot): void {
    this.counts.timedOut++;
    const seconds = this.timeoutMs / 1000;
    this.retire(
      slot,
      `analysis stopped: type-checking this source took longer than ${seconds} s, the limit for one analysis. ` +
        `Simplify its types (deeply recursive or very large generic types are the usual cause) and try again.`,
      true,
    );
  }

  /**
   * Ends a worker: the analysis it was running gets `message`; a start failure fails the waiting
   * analyses too (the next request tries a fresh worker); a timeout or crash only the running one,
   * and a replacement starts for the rest.
   */
  private retire(slot: Slot, message: string, timedOut = false): void {
    if (this.slot !== slot) return;
    this.slot = null;
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    slot.worker.removeAllListeners("exit");
    void slot.worker.terminate();
    if (task) task.resolve(failedAnalysis(message));
    else if (!slot.ready) for (const t of this.queue.splice(0)) t.resolve(failedAnalysis(message));
    if (!timedOut && !task && slot.ready) return; // an idle worker died: start the next one on demand
    if (this.queue.length > 0) this.pump();
  }
}
