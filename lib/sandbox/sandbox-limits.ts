/**
 * The limits one sandboxed tool call runs under, with their defaults.
 */
import { DEFAULT_TOOL_TIMEOUT_MS, maxToolTimeoutMs } from "../tools/tool-types";

export interface SandboxLimits {
  /** Wall clock of one call (interrupt handler; the pool adds a backstop). Default: the tool's `timeoutMs`. */
  timeoutMs: number;
  /** Hard cap of the QuickJS WebAssembly memory (fixed maximum). Default 64 MB. */
  memoryBytes: number;
  /** Largest JSON result, in UTF-8 bytes. Default 1 MB. */
  resultBytes: number;
  /** Console capture: at most this many entries… */
  maxLogEntries: number;
  /** …this many characters in all… */
  maxLogBytes: number;
  /** …and this many characters per entry. */
  maxLogEntryChars: number;
  /** `ctx.emit`: at most this many events per call… */
  maxEvents: number;
  /** …totalling at most this many characters of JSON. */
  maxEventBytes: number;
  /** `ctx.fetch`: response body cap (bytes, after decompression). Default 2 MB. */
  fetchResponseBytes: number;
  /** `ctx.fetch`: one request's time limit (also bounded by the call's remaining time). */
  fetchTimeoutMs: number;
  /** `ctx.fetch`: requests in flight at once. */
  maxConcurrentFetches: number;
  /** `ctx.fetch`: redirects followed (each re-checked). */
  maxRedirects: number;
}

export const MB = 1024 * 1024;

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
  memoryBytes: 64 * MB,
  resultBytes: 1 * MB,
  maxLogEntries: 200,
  maxLogBytes: 64 * 1024,
  maxLogEntryChars: 8 * 1024,
  maxEvents: 100,
  maxEventBytes: 256 * 1024,
  fetchResponseBytes: 2 * MB,
  fetchTimeoutMs: 10_000,
  maxConcurrentFetches: 8,
  maxRedirects: 5,
});

/** Smallest memory cap accepted: QuickJS needs its static data and stack (about 16 MB) plus a heap. */
export const MIN_MEMORY_BYTES = 20 * MB;

export function resolveLimits(timeoutMs: number | undefined, overrides: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits: SandboxLimits = { ...DEFAULT_SANDBOX_LIMITS };
  if (typeof timeoutMs === "number" && timeoutMs > 0) limits.timeoutMs = timeoutMs;
  for (const [key, value] of Object.entries(overrides) as Array<[keyof SandboxLimits, number | undefined]>) {
    if (typeof value === "number" && Number.isFinite(value) && value > 0) limits[key] = Math.floor(value);
  }
  limits.memoryBytes = Math.max(MIN_MEMORY_BYTES, limits.memoryBytes);
  // A version saved before the cap (or stored by other means) still never holds a worker longer.
  limits.timeoutMs = Math.min(limits.timeoutMs, maxToolTimeoutMs());
  return limits;
}

/** "64 MB", "1.5 MB", "900 KB", "512 bytes" */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${trimNumber(bytes / MB)} MB`;
  if (bytes >= 1024) return `${trimNumber(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function trimNumber(n: number): string {
  return n >= 100 ? String(Math.round(n)) : String(Math.round(n * 10) / 10);
}
