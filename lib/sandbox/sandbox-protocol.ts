/**
 * Messages between the pool (main thread) and `sandbox-worker.mjs`. The worker is plain ESM and
 * cannot import this file; keep both sides in step.
 */
import type { CallPlan } from "../tools/tool-types";
import type { SandboxLimits } from "./sandbox-limits";
import type { EgressRequest, EgressResponse } from "./egress-fetch";

export interface SandboxRunContext {
  scope: { agentId: string; conversationId: string; runId: string };
  runId: string;
  /** The declared connections' fields (`ctx.connections.<name>.<field>`), secrets included. */
  connections: Record<string, Record<string, string>>;
  /** The conversation's context values (`ctx.context`). */
  context: Record<string, unknown>;
  /** Who the turn runs for (`ctx.user`); null in a run no one started. */
  user: { id: string; roles: string[] } | null;
}

/** One call, as the worker receives it. */
export interface SandboxJob {
  /** Unique per pool; set by the pool. */
  id: number;
  /** The tool's JavaScript (CommonJS from `transpileTool`). */
  js: string;
  call: CallPlan;
  /** Validated arguments (JSON). */
  args: Record<string, unknown>;
  /** Present only when the plan injects `ctx` (always for `entry: "context"`). */
  ctx: SandboxRunContext | null;
  /** What to call: the tool's function (default), or the module's exported `context(ctx)`. */
  entry?: "tool" | "context";
  /** Sequence number of the first event this call emits. */
  seqStart: number;
  /** False when the tool lists no egress hosts: `ctx.fetch` rejects at once. */
  fetchEnabled: boolean;
  limits: SandboxLimits;
}

export interface SandboxLog {
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
}

export interface SandboxEvent {
  seq: number;
  payload: unknown;
}

export type SandboxErrorKind =
  /** The guest threw (or rejected). */
  | "thrown"
  /** Interrupt handler fired, or the pool's backstop killed the worker. */
  | "timeout"
  /** The WebAssembly memory cap was reached. */
  | "memory"
  /** QuickJS's stack limit. */
  | "stack"
  /** The JSON result is larger than `resultBytes`. */
  | "result-size"
  /** The worker or the host side of the boundary failed. */
  | "crash";

export interface SandboxError {
  kind: SandboxErrorKind;
  name: string;
  message: string;
  /** Line/column in the transpiled JavaScript (1-based), when the guest stack names one. */
  frame?: { line: number; column: number | null } | null;
  /** For `result-size`: the size found. */
  size?: number;
}

export interface SandboxResult {
  ok: boolean;
  /** The body's result, serialised in the guest (present when ok). */
  resultJson?: string;
  error?: SandboxError;
  logs: SandboxLog[];
  events: SandboxEvent[];
  /** Time spent in the worker. */
  durationMs?: number;
  /** The worker hit a limit or failed: the pool replaces it. */
  recycle: boolean;
}

export type WorkerInbound =
  | { type: "run"; id: number; job: SandboxJob }
  | { type: "fetch-result"; id: number; reqId: number; ok: true; response: EgressResponse }
  | { type: "fetch-result"; id: number; reqId: number; ok: false; message: string };

export type WorkerOutbound =
  | { type: "ready"; error?: string }
  | { type: "fetch"; id: number; reqId: number; request: EgressRequest; remainingMs: number }
  | { type: "done"; id: number; result: SandboxResult };
