/** An imported tool's call as a tool outcome (browser-safe): its result, or a clear tool error. */
import { z } from "zod";

/** `result`: what the tool answered (any JSON). */
const McpSuccess = z.object({ ok: z.literal(true), result: z.unknown() });
const McpFailure = z.object({ ok: z.literal(false), error: z.object({ type: z.string(), message: z.string() }) });

export const McpOutcome = z.discriminatedUnion("ok", [McpSuccess, McpFailure]);
export type McpOutcome = z.infer<typeof McpOutcome>;

/** The Tool Studio's test run of an imported tool: the call's outcome and how long it took. */
const DurationMs = z.number().int().nonnegative();
export const McpTestOutcome = z.discriminatedUnion("ok", [
  McpSuccess.extend({ durationMs: DurationMs }),
  McpFailure.extend({ durationMs: DurationMs }),
]);
export type McpTestOutcome = z.infer<typeof McpTestOutcome>;
