/**
 * Calls held open by child runs (an agent called as a tool that suspended for an approval): how
 * many children of a run are still open, and the answers to the calls whose child has finished
 * since — what each child answered, as if it had finished inside the call (lib/runs/engine/child-outcome.ts).
 * Resuming a run (lib/runs/use-cases/resume-run.ts) and superseding one (supersede-suspended-run.ts)
 * both answer them, so the caller's context never keeps a call without its result.
 */
import type { Db } from "../../../db/client";
import type { RunStatus } from "../../../events/event-types";
import { storedRunError } from "../../../events/stored-event";
import { childRunOutcome } from "../../engine/child-outcome";
import { lastAssistantTexts } from "../../engine/context-fold";
import type { RunStore } from "../../engine/ports";
import type { CallAnswer } from "../../engine/stages/healing";
import { toolResultOutput } from "../../engine/tool-result-output";

const OPEN = ["running", "suspended"];

/** Children of the run still running or waiting: the run is not resumed before they finish. */
export function openChildren(db: Db, runId: string): Promise<number> {
  return db.run.count({ where: { parentRunId: runId, kind: "child", status: { in: OPEN } } });
}

export async function answerChildCalls(
  db: Db,
  store: RunStore,
  runId: string,
  conversationId: string,
): Promise<CallAnswer[]> {
  const answers: CallAnswer[] = [];
  const children = await db.run.findMany({
    where: { parentRunId: runId, kind: "child", parentToolCallId: { not: null }, status: { notIn: OPEN } },
    orderBy: { startedAt: "asc" },
    select: {
      id: true,
      parentToolCallId: true,
      status: true,
      stopReason: true,
      error: true,
      startedAt: true,
      finishedAt: true,
    },
  });
  if (children.length === 0) return answers;
  const events = await store.conversationEvents(conversationId);
  const answered = new Set<string>();
  const callNames = new Map<string, string>();
  for (const e of events) {
    if (e.type === "ToolReturnEvent" && e.runId === runId) answered.add(e.data.toolCallId);
    if (e.type === "ToolCallEvent" && e.runId === runId) callNames.set(e.data.toolCallId, e.data.toolName);
  }
  const lastText = lastAssistantTexts(events);
  for (const child of children) {
    const callId = child.parentToolCallId!;
    const toolName = callNames.get(callId);
    if (!toolName || answered.has(callId)) continue;
    const o = childRunOutcome(toolName, {
      runId: child.id,
      status: child.status as RunStatus,
      stopReason: child.stopReason,
      text: lastText.get(child.id) ?? null,
      error: storedRunError(child.error),
    });
    answers.push({
      output: toolResultOutput(o),
      ret: {
        toolName,
        toolCallId: callId,
        success: o.ok,
        // The call lasted as long as the child: its wait for the decision included.
        durationMs: Math.max(0, (child.finishedAt ?? new Date()).getTime() - child.startedAt.getTime()),
        ...(o.ok ? {} : { errorType: o.error.type }),
        childRunId: child.id,
      },
    });
  }
  return answers;
}
