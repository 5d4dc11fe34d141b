/**
 * One model request of a run as the trace shows it (`GET /api/runs/:id/requests/:seq`),
 * browser-safe: what was sent — the system message, the messages of the context at that point, the
 * context blocks, the tools offered with their definitions, the model's settings — and what came
 * back. It is RECONSTRUCTED from the conversation's event log (reconstruct-request.ts), not a copy
 * of the bytes the provider received: the provider SDK's own formatting, headers and options are
 * not recorded.
 */
import { z } from "zod";
import { MessagePart, MessageRole } from "../../../events/event-types.shared";

/** Said wherever a reconstructed request is shown or copied. */
export const RECONSTRUCTED_NOTICE = "Reconstructed from the conversation log — not a byte copy of the provider request";

const Count = z.number().int().nonnegative();

/** A message as sent: the system message is one text; the others are the log's message parts. */
export const SentMessage = z.union([
  z.strictObject({ role: z.literal("system"), content: z.string() }),
  z.strictObject({ role: MessageRole, content: z.array(MessagePart) }),
]);
export type SentMessage = z.infer<typeof SentMessage>;

/** A tool offered in the request, with the definition the model read. */
export const OfferedToolView = z.strictObject({
  name: z.string(),
  /** The description the model read; null when the definition could not be found any more. */
  description: z.string().nullable(),
  /** The JSON Schema of its arguments; null when the definition could not be found any more. */
  inputSchema: z.unknown().nullable(),
  /** Where the definition was read from, in words ("saved tool v3", "built-in", …). */
  source: z.string(),
});
export type OfferedToolView = z.infer<typeof OfferedToolView>;

/** A block of context a tool produced for the request (given as a system message after the history). */
export const ContextBlockView = z.strictObject({
  tool: z.string(),
  text: z.string(),
  durationMs: z.number().nonnegative().nullable(),
  error: z.string().nullable(),
});
export type ContextBlockView = z.infer<typeof ContextBlockView>;

/** The model's settings as the run's agent version declares them for the model it asked for. */
export const RequestSettings = z.strictObject({
  /** The `provider:model` entry the settings are those of. */
  model: z.string(),
  temperature: z.number().nullable(),
  maxTokens: Count.nullable(),
  seed: z.number().int().nullable(),
  reasoningEffort: z.string().nullable(),
});
export type RequestSettings = z.infer<typeof RequestSettings>;

export const ModelRequestView = z.strictObject({
  /** Always true: read `notice`. */
  reconstructed: z.literal(true),
  notice: z.string(),
  runId: z.string(),
  /** The seq of the request's usage event (the model span's `seq`). */
  seq: Count,
  conversationId: z.string(),
  agent: z.strictObject({ id: z.string(), name: z.string(), version: z.number().int().positive().nullable() }),
  requestedModel: z.string(),
  /** The `provider:model` that answered (a fallback entry when it differs from the one requested). */
  answeredBy: z.string(),
  /** The settings of the model asked for; null when the run's agent version is not recorded or no longer readable. */
  settings: RequestSettings.nullable(),
  /** The settings of the fallback entry that answered, when one did. */
  answeredSettings: RequestSettings.nullable(),
  request: z.strictObject({
    messages: z.array(SentMessage),
    contextBlocks: z.array(ContextBlockView),
    /** The tools offered; null for requests recorded before offered tools were. */
    tools: z.array(OfferedToolView).nullable(),
  }),
  response: z.strictObject({
    text: z.string(),
    toolCalls: z.array(z.strictObject({ toolCallId: z.string(), toolName: z.string(), input: z.unknown() })),
    /** Inferred from the answer (not recorded): tool calls → "tool-calls", else "stop". */
    finishReason: z.enum(["tool-calls", "stop"]),
    usage: z.strictObject({
      inputTokens: Count,
      outputTokens: Count,
      cacheReadTokens: Count,
      cacheWriteTokens: Count,
      totalTokens: Count,
      costNanoUsd: Count,
      priced: z.boolean(),
    }),
    durationMs: z.number().nonnegative().nullable(),
  }),
});
export type ModelRequestView = z.infer<typeof ModelRequestView>;
