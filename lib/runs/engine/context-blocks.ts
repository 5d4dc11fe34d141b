/**
 * Per-request context (lib/runs/README.md, "The four channels of a tool"): before every model
 * request, each offered tool whose module exports `context(ctx)` runs it in the sandbox (with a
 * call's limits and ctx), concurrently. The texts go to the model after the history as one
 * system-role message — so the cached prefix (system prompt, tools, history) is unchanged — and
 * are never stored as an LlmMessageEvent: the request's LlmUsageEvent records them as
 * `contextBlocks` (`{tool, text, durationMs, error?}`), in the agent's tool order. A function that
 * fails is recorded with its error and the request goes on without it. No tool with a context
 * function: nothing runs.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { ContextBlock } from "../../events/event-types";
import type { Clock } from "./ports";
import type { RunTool, ToolCallScope } from "./run-tool";

export interface RequestContext {
  blocks: ContextBlock[];
  /** The system message to send after the history (none when no block has text). */
  messages: LanguageModelV3Message[];
}

export const NO_REQUEST_CONTEXT: RequestContext = { blocks: [], messages: [] };

/** The offered tools that have a context function (computed once per run). */
export function contextTools(offered: readonly RunTool[]): RunTool[] {
  return offered.filter((t) => t.context);
}

/** Runs the context functions for one request. */
export async function requestContext(
  tools: readonly RunTool[],
  scope: Omit<ToolCallScope, "toolCallId">,
  clock: Clock,
): Promise<RequestContext> {
  if (!tools.length) return NO_REQUEST_CONTEXT;
  const blocks = await Promise.all(
    tools.map(async (tool): Promise<ContextBlock> => {
      const started = clock.monotonic();
      const duration = () => Math.max(0, Math.round((clock.monotonic() - started) * 1000) / 1000);
      try {
        const outcome = await tool.context!({ ...scope, toolCallId: `context:${tool.name}` });
        return outcome.ok
          ? { tool: tool.name, text: outcome.text ?? "", durationMs: duration() }
          : { tool: tool.name, text: "", durationMs: duration(), error: outcome.error };
      } catch (err) {
        return {
          tool: tool.name,
          text: "",
          durationMs: duration(),
          error: err instanceof Error ? err.message : String(err),
        };
      }
    }),
  );
  return { blocks, messages: contextMessages(blocks) };
}

/** The system message carrying the blocks' texts, after the history (none when all are empty). */
export function contextMessages(blocks: readonly ContextBlock[]): LanguageModelV3Message[] {
  const texts = blocks.filter((b) => !b.error && b.text.trim()).map((b) => b.text.trim());
  return texts.length ? [{ role: "system", content: texts.join("\n\n") }] : [];
}
