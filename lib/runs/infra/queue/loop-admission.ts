/**
 * How many jobs the in-process queue lets run at once, from how busy this process's event loop is.
 * Every run of one process shares one main thread. Started all at once, a burst of turns that need
 * the CPU (a fast model, sandboxed calls, the writes) interleave: each step of every run waits
 * behind a step of all the others, so the step latency of every run grows with the burst. Started
 * a few at a time, each runs at full speed and the rest wait in order before their first step:
 * steps stay short, for smaller write batches (the writer groups what every running turn appends),
 * which cost a CPU-bound burst about a quarter of its throughput (docs/run-path-performance.md,
 * "The admission's trade").
 *
 * A run on a real model spends most of its time waiting for the provider, with the loop idle: there
 * the allowance doubles on every tick the loop is not busy, so a burst of such turns is all started
 * within a few ticks (8 → 16 → 32 → 64: 30 ms).
 *
 *  - Up to `floor` jobs always run (a job's own work never waits for a sample).
 *  - While jobs run or wait, the loop's utilization is sampled every `tickMs`: below `busyAt`, the
 *    allowance doubles (from what runs, at least `floor`); at or above it, the allowance falls back
 *    to `floor`, and new jobs start as running ones finish.
 *  - With nothing running, the sampling stops and the allowance goes back to `floor`.
 */
import { performance, type EventLoopUtilization } from "node:perf_hooks";

export interface LoopAdmissionOptions {
  /**
   * Jobs that always run at once (default 8: measured on two cores, a burst of 50 CPU-bound turns
   * kept its step p95 at 37–53 ms against 167–227 ms all at once; 16 kept the throughput but its
   * steps came close to 120 ms, 4 halved them again and lost a third of the throughput).
   */
  floor?: number;
  /** Utilization at or above which the loop counts as busy (default 0.75). */
  busyAt?: number;
  /** The sampling interval (default 10 ms). */
  tickMs?: number;
  /** The loop's utilization since the last call (tests give their own). */
  utilization?: () => number;
}

/** The event loop's utilization between two calls. */
function loopUtilization(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, last);
    last = now;
    return delta.utilization;
  };
}

export class LoopAdmission {
  readonly floor: number;
  private readonly busyAt: number;
  private readonly tickMs: number;
  private readonly utilization: () => number;
  private allowance: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: LoopAdmissionOptions = {}) {
    this.floor = Math.max(1, options.floor ?? 8);
    this.busyAt = options.busyAt ?? 0.75;
    this.tickMs = options.tickMs ?? 10;
    this.utilization = options.utilization ?? loopUtilization();
    this.allowance = this.floor;
  }

  /** Whether one more job may start while `running` run. */
  mayStart(running: number): boolean {
    return running < this.allowance;
  }

  /**
   * Keeps sampling while `active()` answers how many jobs run and wait; `changed` is called after
   * each sample, to start what the new allowance lets in.
   */
  watch(active: () => { running: number; waiting: number }, changed: () => void): void {
    if (this.timer) return;
    this.utilization(); // the first interval starts now
    const tick = () => {
      this.timer = null;
      const { running, waiting } = active();
      if (running === 0 && waiting === 0) {
        this.allowance = this.floor;
        return;
      }
      this.allowance = this.utilization() < this.busyAt ? Math.max(this.floor, running) * 2 : this.floor;
      this.timer = setTimeout(tick, this.tickMs);
      changed();
    };
    this.timer = setTimeout(tick, this.tickMs);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.allowance = this.floor;
  }
}
