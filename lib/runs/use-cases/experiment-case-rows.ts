/**
 * Writing an experiment's entries (`ExperimentCase` rows, docs/evals.md): judged (`done` with its
 * verdicts and figures), failed before it could run, cancelled, or queued again after the process
 * running it stopped. Every move is conditional on the entry still being open — so a cancelled
 * entry is never written over — and, when the writer names the entry's conversation, on the entry
 * still being on that conversation: an attempt that was given up (its entry queued again, now on a
 * new conversation) can never write the entry.
 */
import { jsonColumn } from "../../db/json-column";
import type { Verdict } from "../../evals/verdict.shared";
import type { RunRuntime } from "../infra/runtime";

/** The entry; with `conversationId`, only while the entry is on that conversation (its attempt's fence). */
type EntryKey = { experimentId: string; index: number; repetition: number; conversationId?: string | null };

/** Attempts of one entry that may be interrupted before it fails with `RunInterrupted` instead of running again. */
export const MAX_CASE_ATTEMPTS = 3;

const openEntry = ({ conversationId, ...key }: EntryKey) => ({
  ...key,
  ...(conversationId !== undefined ? { conversationId } : {}),
  status: { in: ["queued", "running"] },
});

export interface CaseResult {
  error: { type: string; message: string } | null;
  verdicts?: Verdict[];
  answer?: string | null;
  toolCalls?: unknown[];
  requests?: number;
  inputTokens?: number;
  outputTokens?: number;
  costNanoUsd?: number;
  judgeCostNanoUsd?: number;
  latencyMs?: number | null;
}

/** The entry judged: passed when nothing went wrong and every verdict passed. False when it was not open (or moved on). */
export async function writeCase(rt: RunRuntime, key: EntryKey, r: CaseResult): Promise<boolean> {
  const verdicts = r.verdicts ?? [];
  const passed = r.error === null && verdicts.every((v) => v.passed === true);
  const { count } = await rt.db.experimentCase.updateMany({
    where: openEntry(key),
    data: {
      status: "done",
      passed,
      verdicts: jsonColumn(verdicts),
      answer: r.answer ?? null,
      toolCalls: jsonColumn(r.toolCalls ?? []),
      requests: r.requests ?? 0,
      inputTokens: r.inputTokens ?? 0,
      outputTokens: r.outputTokens ?? 0,
      costNanoUsd: BigInt(r.costNanoUsd ?? 0),
      judgeCostNanoUsd: BigInt(r.judgeCostNanoUsd ?? 0),
      latencyMs: r.latencyMs ?? null,
      error: r.error ? JSON.stringify(r.error) : null,
      finishedAt: new Date(),
    },
  });
  return count === 1;
}

export async function markCancelled(rt: RunRuntime, key: EntryKey) {
  await rt.db.experimentCase.updateMany({
    where: openEntry(key),
    data: { status: "cancelled", finishedAt: new Date() },
  });
}

/** The entry could not run: it is done and failed, with why. */
export async function failCase(
  rt: RunRuntime,
  experimentId: string,
  entry: { index: number; repetition: number },
  error: { type: string; message: string },
): Promise<void> {
  await writeCase(rt, { experimentId, index: entry.index, repetition: entry.repetition }, { error });
}

/** How many attempts of a queued or running entry were interrupted so far (its `error` while it runs again). */
export function interruptedAttempts(error: string | null): number {
  if (!error) return 0;
  try {
    const parsed = JSON.parse(error) as { type?: unknown; attempts?: unknown };
    return parsed.type === "RunInterrupted" && Number.isInteger(parsed.attempts) ? Number(parsed.attempts) : 0;
  } catch {
    return 0;
  }
}

/** The `error` a requeued entry carries while it runs again; the result written when it ends replaces it. */
export function restartedError(attempts: number, why: string): { type: string; message: string; attempts: number } {
  return {
    type: "RunInterrupted",
    message: `${why}: the case runs again from the start on a new conversation (attempt ${attempts + 1} of ${MAX_CASE_ATTEMPTS})`,
    attempts,
  };
}

/**
 * A running entry whose attempt stopped with the process running it (docs/evals.md, "When a process
 * stops"): queued again — off its conversation, which stays as the interrupted attempt's record —
 * so the scheduler runs it from the start on a new one. An attempt that had started a run counts;
 * the {@link MAX_CASE_ATTEMPTS}th such attempt ends the entry `done`, failed with `RunInterrupted`.
 * Conditional on the entry still running on `conversationId`: of two processes requeueing it at
 * once, one wins ("lost" for the other, and for an entry that moved on).
 */
export async function requeueCase(
  rt: RunRuntime,
  key: { experimentId: string; index: number; repetition: number; conversationId: string | null },
  started: boolean,
  why: string,
): Promise<"requeued" | "failed" | "lost"> {
  const { conversationId, ...id } = key;
  const row = await rt.db.experimentCase.findUnique({
    where: { experimentId_index_repetition: id },
    select: { status: true, conversationId: true, error: true },
  });
  if (!row || row.status !== "running" || row.conversationId !== conversationId) return "lost";
  const attempts = interruptedAttempts(row.error) + (started ? 1 : 0);
  if (attempts >= MAX_CASE_ATTEMPTS) {
    const error = {
      type: "RunInterrupted",
      message: `${why}; the case was interrupted ${attempts} times and is not started again`,
    };
    return (await writeCase(rt, key, { error })) ? "failed" : "lost";
  }
  const { count } = await rt.db.experimentCase.updateMany({
    where: { ...id, conversationId, status: "running" },
    data: {
      status: "queued",
      conversationId: null,
      startedAt: null,
      error: started ? JSON.stringify(restartedError(attempts, why)) : row.error,
    },
  });
  return count === 1 ? "requeued" : "lost";
}
