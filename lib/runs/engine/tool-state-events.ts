/**
 * The ToolStateEvents of one executed call: what a saved tool emitted through `ctx.emit`, numbered
 * per tool and conversation (`toolSeq`, reserved from the store so numbers never repeat). Every
 * path that executes a tool appends them once, after the call's ToolReturnEvent — a step of the
 * loop, an approved call when its run resumes, a call retried by reconciliation. A replayed or
 * memoized answer executed nothing and emits nothing.
 */
import { newEvent, type EventEntry } from "../../events/event-types";
import type { RunStore } from "./ports";
import type { RunTool } from "./run-tool";
import type { DispatchResult } from "./tool-dispatch/middleware";

export async function toolStateEntries(
  store: Pick<RunStore, "reserveToolSeqs">,
  at: { runId: string; conversationId: string },
  tool: RunTool,
  result: DispatchResult,
): Promise<EventEntry[]> {
  const emitted = result.outcome.events ?? [];
  if (!tool.toolId || emitted.length === 0 || result.replayed || result.memoized) return [];
  const first = await store.reserveToolSeqs(tool.toolId, at.conversationId, emitted.length);
  return emitted.map((e, i) => ({
    event: newEvent(at.runId, "ToolStateEvent", {
      toolId: tool.toolId!,
      toolName: tool.name,
      toolSeq: first + i,
      payload: e.payload,
    }),
  }));
}
