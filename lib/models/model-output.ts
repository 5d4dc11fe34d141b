/**
 * Shared plumbing of the offline models: one decided answer (text, or tool calls) as an AI SDK
 * LanguageModelV3 generate result or stream, with usage estimated from text length.
 */
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { estimateTokens } from "./estimate-tokens";

export interface DecidedToolCall {
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
}

export type Decision = { kind: "text"; text: string } | { kind: "tool-calls"; calls: DecidedToolCall[] };

/** Every text of the prompt, flattened (for token estimates and summaries). */
export function promptText(prompt: LanguageModelV3Prompt): string {
  const parts: string[] = [];
  for (const m of prompt) {
    if (m.role === "system") parts.push(m.content);
    else
      for (const p of m.content) {
        if (p.type === "text" || p.type === "reasoning") parts.push(p.text);
        else if (p.type === "tool-call") parts.push(`${p.toolName}(${JSON.stringify(p.input)})`);
        else if (p.type === "tool-result") parts.push(toolResultText(p.output));
      }
  }
  return parts.join("\n");
}

export function toolResultText(output: { type: string; value?: unknown; reason?: string }): string {
  switch (output.type) {
    case "text":
    case "error-text":
      return String(output.value);
    case "json":
    case "error-json":
      return typeof output.value === "string" ? output.value : JSON.stringify(output.value);
    case "execution-denied":
      return `denied${output.reason ? `: ${output.reason}` : ""}`;
    case "content":
      return (output.value as Array<{ type: string; text?: string }>).map((c) => c.text ?? `[${c.type}]`).join("\n");
    default:
      return JSON.stringify(output.value ?? null);
  }
}

export function estimateUsage(options: LanguageModelV3CallOptions, output: string): LanguageModelV3Usage {
  const toolsText = JSON.stringify(options.tools ?? []);
  const input = estimateTokens(promptText(options.prompt)) + (options.tools?.length ? estimateTokens(toolsText) : 0);
  const out = estimateTokens(output);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: out, text: out, reasoning: 0 },
  };
}

function decisionText(d: Decision): string {
  return d.kind === "text" ? d.text : d.calls.map((c) => `${c.toolName}(${JSON.stringify(c.args)})`).join("\n");
}

export function toGenerateResult(
  d: Decision,
  options: LanguageModelV3CallOptions,
  modelId: string,
): LanguageModelV3GenerateResult {
  const content: LanguageModelV3Content[] =
    d.kind === "text"
      ? [{ type: "text", text: d.text }]
      : d.calls.map((c) => ({
          type: "tool-call",
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          input: JSON.stringify(c.args),
        }));
  return {
    content,
    finishReason: {
      unified: d.kind === "text" ? "stop" : "tool-calls",
      raw: d.kind === "text" ? "stop" : "tool_calls",
    },
    usage: estimateUsage(options, decisionText(d)),
    response: { id: `resp-${modelId}`, modelId, timestamp: new Date(0) },
    warnings: [],
  };
}

/** Text streams in word-sized deltas; tool calls as input start/delta/end then the call. */
export function toStreamResult(
  d: Decision,
  options: LanguageModelV3CallOptions,
  modelId: string,
): LanguageModelV3StreamResult {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: `resp-${modelId}`, modelId, timestamp: new Date(0) },
  ];
  if (d.kind === "text") {
    parts.push({ type: "text-start", id: "t0" });
    for (const delta of d.text.match(/\S+\s*|\s+/g) ?? []) parts.push({ type: "text-delta", id: "t0", delta });
    parts.push({ type: "text-end", id: "t0" });
  } else {
    for (const c of d.calls) {
      const input = JSON.stringify(c.args);
      parts.push({ type: "tool-input-start", id: c.toolCallId, toolName: c.toolName });
      parts.push({ type: "tool-input-delta", id: c.toolCallId, delta: input });
      parts.push({ type: "tool-input-end", id: c.toolCallId });
      parts.push({ type: "tool-call", toolCallId: c.toolCallId, toolName: c.toolName, input });
    }
  }
  parts.push({
    type: "finish",
    usage: estimateUsage(options, decisionText(d)),
    finishReason: {
      unified: d.kind === "text" ? "stop" : "tool-calls",
      raw: d.kind === "text" ? "stop" : "tool_calls",
    },
  });
  const stream = new ReadableStream<LanguageModelV3StreamPart>({
    start(ctrl) {
      if (options.abortSignal?.aborted) return ctrl.error(options.abortSignal.reason);
      for (const p of parts) ctrl.enqueue(p);
      ctrl.close();
    },
  });
  return { stream };
}

/** A deterministic tool-call id from the conversation so far (stable across replays). */
export function callId(prompt: LanguageModelV3Prompt, index: number): string {
  let h = 2166136261;
  for (const ch of `${prompt.length}:${promptText(prompt)}:${index}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return `call_${h.toString(36)}_${index}`;
}
