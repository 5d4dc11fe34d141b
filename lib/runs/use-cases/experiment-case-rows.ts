/**
 * Writing an experiment's entries (`ExperimentCase` rows, docs/evals.md): judged (`done` with its
 * verdicts and figures), failed before it could run, or cancelled. Every move is conditional on
 * the entry still being open, so a cancelled entry is never written over.
 */
import { jsonColumn } from "../../db/json-column";
import type { Verdict } from "../../evals/verdict.shared";
import type { RunRuntime } from "../infra/runtime";

type EntryKey = { experimentId: string; index: number; repetition: number };

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

/** The entry judged: passed when nothing went wrong and every verdict passed. */
export async function writeCase(rt: RunRuntime, key: EntryKey, r: CaseResult): Promise<void> {
  const verdicts = r.verdicts ?? [];
  const passed = r.error === null && verdicts.every((v) => v.passed === true);
  await rt.db.experimentCase.updateMany({
    where: { ...key, status: { in: ["queued", "running"] } },
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
}

export async function markCancelled(rt: RunRuntime, key: EntryKey) {
  await rt.db.experimentCase.updateMany({
    where: { ...key, status: { in: ["queued", "running"] } },
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
