/**
 * CPU time and machine load, for benchmarks on a shared 2-core box where wall-clock moves with
 * whatever else runs.
 *
 * - `mainThreadCpuMs()`: the main thread's time on a CPU (Linux schedstat). The kernel updates that
 *   counter only at scheduler ticks and switches, so the thread first sleeps 50 µs (a futex wait):
 *   the switch brings the counter up to date and a single turn is measured to the microsecond
 *   instead of ± one tick (4 ms). Elsewhere it falls back to `process.cpuUsage()` (every thread).
 * - `processCpuMs()`: `process.cpuUsage()` user + system, every thread of the process (the
 *   sandbox's workers, the garbage collector's helpers).
 * - `schedstat()`: on-CPU and waiting-for-a-CPU time of the main thread, without the sleep.
 * - `cpuPressure()`: Linux CPU pressure (share of the last 10 s some task waited for a CPU).
 */
import { readFileSync } from "node:fs";

const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function readSchedstat(): [number, number] | null {
  try {
    const [onCpu, waiting] = readFileSync(SCHEDSTAT, "utf8").trim().split(/\s+/).map(Number);
    return [onCpu / 1e6, waiting / 1e6];
  } catch {
    return null;
  }
}

const hasSchedstat = readSchedstat() !== null;

/** Whether `mainThreadCpuMs` measures the main thread alone (else the whole process). */
export const MAIN_THREAD_CPU_SOURCE = hasSchedstat ? "main thread (schedstat)" : "process (cpuUsage)";

export function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function mainThreadCpuMs(): number {
  if (!hasSchedstat) return processCpuMs();
  Atomics.wait(sleeper, 0, 0, 0.05);
  return readSchedstat()![0];
}

/**
 * The main thread's scheduler accounting: milliseconds on a CPU and milliseconds runnable but
 * waiting for one (the time other processes took). Updated at scheduler ticks: single short
 * spans are ± one tick, sums over many are exact.
 */
export function schedstat(): { onCpu: number; waiting: number } | null {
  const s = readSchedstat();
  return s ? { onCpu: s[0], waiting: s[1] } : null;
}

export function cpuPressure(): string {
  try {
    const line = readFileSync("/proc/pressure/cpu", "utf8").split("\n")[0];
    const avg10 = /avg10=([\d.]+)/.exec(line)?.[1];
    return avg10 ? `${avg10}%` : "n/a";
  } catch {
    return "n/a";
  }
}
