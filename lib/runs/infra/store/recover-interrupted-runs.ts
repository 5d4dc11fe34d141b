/**
 * Crash safety, at server start: a run left `running` by a process that died is finished
 * `interrupted` — its dangling tool calls answered with a healing instruction and a RunFinished
 * appended — so the conversation accepts the next message and its context stays valid.
 */
import type { Db } from "../../../db/client";
import { newEvent, type EventEntry, type MessagePart, type StoredEvent } from "../../../events/event-types";
import type { RunStore } from "../../engine/ports";
import { answerEvents, healingAnswers } from "../../engine/stages/healing";
import { openChildren } from "./answer-child-calls";
import { readConversationEvents } from "./prisma-run-store";
import { isStructuredCallId } from "../../../events/structured-message.shared";

export const INTERRUPTED_INSTRUCTION =
  "Not executed: the server stopped while this run was in flight, so this call never ran. Do not assume it happened.";

export const OUTCOME_UNKNOWN_INSTRUCTION =
  "Outcome unknown: the server stopped while this approved call was executing, so it may or may not have taken effect. It will not be repeated automatically; a person reconciles it.";

/** Tool calls of the run's last assistant message that have no result in the run's events. */
export function danglingOf(
  events: readonly StoredEvent[],
  runId: string,
): Array<{ toolCallId: string; toolName: string }> {
  let calls: Array<{ toolCallId: string; toolName: string }> = [];
  const answered = new Set<string>();
  for (const e of events) {
    if (e.runId !== runId) continue;
    // A structured action (lib/agents/README.md, "Tool mode") is a ToolCallEvent with no
    // tool-call part; its ToolReturnEvent says it was answered.
    if (e.type === "ToolCallEvent" && isStructuredCallId(e.data.toolCallId))
      calls = [{ toolCallId: e.data.toolCallId, toolName: e.data.toolName }];
    else if (e.type === "ToolReturnEvent" && isStructuredCallId(e.data.toolCallId)) answered.add(e.data.toolCallId);
    if (e.type !== "LlmMessageEvent") continue;
    if (e.data.role === "assistant") {
      calls = e.data.parts
        .filter((p): p is Extract<MessagePart, { type: "tool-call" }> => p.type === "tool-call")
        .map((p) => ({ toolCallId: p.toolCallId, toolName: p.toolName }));
      answered.clear();
    } else if (e.data.role === "tool") {
      for (const p of e.data.parts) if (p.type === "tool-result") answered.add(p.toolCallId);
    }
  }
  return calls.filter((c) => !answered.has(c.toolCallId));
}

export async function recoverInterruptedRuns(
  db: Db,
  store: RunStore,
  isActive: (runId: string) => boolean = () => false,
): Promise<string[]> {
  const runs = await db.run.findMany({ where: { status: "running" }, orderBy: { startedAt: "desc" } });
  const recovered: string[] = [];
  for (const run of runs) {
    if (isActive(run.id)) continue;
    await interruptRun(db, store, run);
    recovered.push(run.id);
  }
  return recovered;
}

type RunRow = NonNullable<Awaited<ReturnType<Db["run"]["findUnique"]>>>;

/** A run row's stored usage totals, in the shape RunFinished and the loop carry. */
export function runUsageOf(run: {
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}) {
  const { requests, toolCalls, inputTokens, outputTokens, totalTokens } = run;
  return { requests, toolCalls, inputTokens, outputTokens, totalTokens };
}

/** What a run spent so far: its totals are only written at its end, so they are recounted from its usage records. */
export async function recountRunUsage(db: Db, run: RunRow) {
  const usage = runUsageOf(run);
  const spent = await db.usageRecord.aggregate({
    where: { runId: run.id },
    _sum: { inputTokens: true, outputTokens: true, totalTokens: true, costNanoUsd: true },
    _count: { _all: true },
  });
  usage.requests = Math.max(usage.requests, spent._count._all);
  usage.inputTokens = Math.max(usage.inputTokens, spent._sum.inputTokens ?? 0);
  usage.outputTokens = Math.max(usage.outputTokens, spent._sum.outputTokens ?? 0);
  usage.totalTokens = Math.max(usage.totalTokens, spent._sum.totalTokens ?? 0);
  return { usage, costNanoUsd: Number(spent._sum.costNanoUsd ?? run.costNanoUsd) };
}

/**
 * Finishes one run `interrupted`: approved calls that were executing become `outcome_unknown`,
 * dangling calls are answered with the healing instruction, and a RunFinished is appended.
 */
export async function interruptRun(db: Db, store: RunStore, run: RunRow): Promise<void> {
  const events = await readConversationEvents(db, run.conversationId);
  const dangling = danglingOf(events, run.id);
  // An approved call that was executing when the process died is never re-run blindly: its
  // outcome is unknown until a person reconciles it in the approval inbox.
  const executing = await db.approval.findMany({
    where: { runId: run.id, status: "executing" },
    select: { id: true, toolCallId: true },
  });
  if (executing.length)
    await db.approval.updateMany({
      where: { id: { in: executing.map((a) => a.id) }, status: "executing" },
      data: { status: "outcome_unknown" },
    });
  const unknown = new Set(executing.map((a) => a.toolCallId));
  const entries: EventEntry[] = answerEvents(
    run.id,
    dangling.flatMap((c) =>
      unknown.has(c.toolCallId)
        ? healingAnswers([c], OUTCOME_UNKNOWN_INSTRUCTION, "OutcomeUnknown")
        : healingAnswers([c], INTERRUPTED_INSTRUCTION, "RunInterrupted"),
    ),
  );
  const { usage, costNanoUsd } = await recountRunUsage(db, run);
  const error = { type: "RunInterrupted", message: "The server stopped while this run was in flight." };
  entries.push({
    event: newEvent(run.id, "RunFinished", {
      status: "interrupted",
      stopReason: "interrupted",
      usage,
      costNanoUsd,
      error,
    }),
  });
  await store.appendEvents(run.conversationId, entries);
  await store.finishRun(run.id, {
    status: "interrupted",
    stopReason: "interrupted",
    error,
    usage,
    costNanoUsd,
    model: run.model,
  });
  // A caller that was suspended only on this child (an agent called as a tool, resumed after an
  // approval) would wait for it forever: it is interrupted too, its open call answered.
  if (run.kind === "child" && run.parentRunId) {
    const parent = await db.run.findUnique({ where: { id: run.parentRunId } });
    if (
      parent?.status === "suspended" &&
      (await db.approval.count({ where: { runId: parent.id, status: { in: ["pending", "approved"] } } })) === 0 &&
      (await openChildren(db, parent.id)) === 0
    )
      await interruptRun(db, store, parent);
  }
}
