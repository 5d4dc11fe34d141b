/**
 * One model request, streamed: text deltas go to live followers as they arrive; the result is the
 * assistant message (text and tool-call parts), the tool calls with their raw argument JSON, the
 * usage, and which fallback entry answered (reported by lib/models on the finish part).
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import type { MessagePart } from "../../events/event-types";
import { answeredByOf } from "../../models/configured-model";
import type { RunTool } from "./run-tool";

export interface ModelToolCall {
  toolCallId: string;
  toolName: string;
  /** The raw JSON string the model sent. */
  input: string;
}

export interface ModelResponse {
  text: string;
  parts: MessagePart[];
  toolCalls: ModelToolCall[];
  usage: {
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
    totalTokens: number;
  };
  /** The entry that answered; null when the model did not say (then: the requested one). */
  answeredBy: { provider: string; model: string } | null;
}

export function functionTools(tools: readonly RunTool[]): LanguageModelV3FunctionTool[] {
  return [...tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => ({
      type: "function",
      name: t.name,
      description: t.description,
      inputSchema: t.parameters as LanguageModelV3FunctionTool["inputSchema"],
    }));
}

function usageOf(u: LanguageModelV3Usage | undefined): ModelResponse["usage"] {
  const inputTokens = u?.inputTokens.total ?? 0;
  const outputTokens = u?.outputTokens.total ?? 0;
  return {
    inputTokens,
    outputTokens,
    cacheReadTokens: u?.inputTokens.cacheRead ?? 0,
    cacheWriteTokens: u?.inputTokens.cacheWrite ?? 0,
    totalTokens: inputTokens + outputTokens,
  };
}

/** Parses the model's argument JSON; a blank string is an empty object. */
export function parseToolInput(input: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (!input.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(input) };
  } catch (err) {
    return { ok: false, message: `the arguments are not valid JSON (${(err as Error).message})` };
  }
}

export async function requestModel(options: {
  model: LanguageModelV3;
  prompt: LanguageModelV3Prompt;
  tools: LanguageModelV3FunctionTool[];
  signal: AbortSignal;
  onDelta?: (delta: string) => void;
  /** Structured mode: the action model's schema, asked for as JSON (structured/structured-step.ts). */
  responseFormat?: LanguageModelV3CallOptions["responseFormat"];
}): Promise<ModelResponse> {
  const { stream } = await options.model.doStream({
    prompt: options.prompt,
    ...(options.responseFormat ? { responseFormat: options.responseFormat } : {}),
    tools: options.tools.length ? options.tools : undefined,
    toolChoice: options.tools.length ? { type: "auto" } : undefined,
    abortSignal: options.signal,
  });
  const texts = new Map<string, string>();
  const order: string[] = [];
  const toolCalls: ModelToolCall[] = [];
  let usage: LanguageModelV3Usage | undefined;
  let answeredBy: ModelResponse["answeredBy"] = null;
  const reader = stream.getReader();
  for (;;) {
    const { done, value: part } = await reader.read();
    if (done) break;
    switch (part.type) {
      case "text-delta": {
        if (!texts.has(part.id)) {
          texts.set(part.id, "");
          order.push(part.id);
        }
        texts.set(part.id, texts.get(part.id)! + part.delta);
        if (part.delta) options.onDelta?.(part.delta);
        break;
      }
      case "tool-call":
        toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        break;
      case "finish": {
        usage = part.usage;
        const who = answeredByOf(part.providerMetadata);
        if (who) answeredBy = { provider: who.provider, model: who.model };
        break;
      }
      case "error":
        throw part.error instanceof Error
          ? part.error
          : new Error(typeof part.error === "string" ? part.error : JSON.stringify(part.error));
      default:
        break;
    }
  }
  const text = order.map((id) => texts.get(id)!).join("");
  const parts: MessagePart[] = [];
  if (text) parts.push({ type: "text", text });
  for (const c of toolCalls) {
    const parsed = parseToolInput(c.input);
    parts.push({
      type: "tool-call",
      toolCallId: c.toolCallId,
      toolName: c.toolName,
      input: parsed.ok ? parsed.value : c.input,
    });
  }
  return { text, parts, toolCalls, usage: usageOf(usage), answeredBy };
}
