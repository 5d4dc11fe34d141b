/**
 * What a tool call returns to its caller (the invoke route, the run loop): a result or one of the
 * five call-time error types, always with the call's logs and domain events. Zod schemas, for the
 * server and the browser alike (the test-run panel, lib/api/contracts/tools.shared.ts); the sandbox
 * re-exports the types (lib/sandbox/tool-call-outcome.ts). Browser-safe: imports only zod.
 */
import { z } from "zod";

export const ToolCallErrorType = z.enum([
  "ToolArgumentError",
  "ToolShapeError",
  "ToolExecutionError",
  "ToolTimeoutError",
  "ToolLimitError",
]);
export type ToolCallErrorType = z.infer<typeof ToolCallErrorType>;

/** Which limit a ToolLimitError hit. */
export const ToolLimitKind = z.enum(["memory", "result-size", "stack"]);
export type ToolLimitKind = z.infer<typeof ToolLimitKind>;

export const ToolCallError = z.object({
  type: ToolCallErrorType,
  /** A message a model (or a person) can act on. */
  message: z.string(),
  /** ToolArgumentError */
  missing: z.array(z.string()).optional(),
  unexpected: z.array(z.string()).optional(),
  invalid: z.array(z.tuple([z.string(), z.string()])).optional(),
  accepted: z.array(z.string()).optional(),
  /** ToolShapeError: the schema's name and what differs. */
  expected: z.string().optional(),
  problems: z.array(z.string()).optional(),
  /** ToolExecutionError (and stack limit): the line in the author's TypeScript source. */
  line: z.number().int().min(1).optional(),
  /** ToolExecutionError: the thrown error's name (e.g. "TypeError"). */
  errorName: z.string().optional(),
  /** ToolLimitError */
  limit: ToolLimitKind.optional(),
});
export type ToolCallError = z.infer<typeof ToolCallError>;

export const ToolLog = z.object({
  level: z.enum(["log", "info", "warn", "error", "debug"]),
  message: z.string(),
});
export type ToolLog = z.infer<typeof ToolLog>;

/** A domain event from `ctx.emit(payload)`, numbered from the caller's `toolSeqStart`. */
export const ToolEvent = z.object({
  seq: z.number().int().min(0),
  /** Whatever the tool emitted (JSON). */
  payload: z.unknown(),
});
export type ToolEvent = z.infer<typeof ToolEvent>;

const CallRecord = {
  logs: z.array(ToolLog),
  events: z.array(ToolEvent),
  /** Milliseconds, to the microsecond. */
  durationMs: z.number().min(0),
};

export const ToolCallOutcome = z.discriminatedUnion("ok", [
  /** `result` is whatever the tool returned (JSON). */
  z.object({ ok: z.literal(true), result: z.unknown(), ...CallRecord }),
  z.object({ ok: z.literal(false), error: ToolCallError, ...CallRecord }),
]);
export type ToolCallOutcome = z.infer<typeof ToolCallOutcome>;
