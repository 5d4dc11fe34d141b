/** Experiment views for unit tests: a summary with totals, and case entries with only what a test sets. */
import type { ExperimentCaseView, ExperimentView } from "../experiment.shared";

export function caseEntry(patch: Partial<ExperimentCaseView> & { caseId: string }): ExperimentCaseView {
  return {
    index: 0,
    repetition: 0,
    status: "done",
    passed: true,
    verdicts: [],
    answer: "An answer.",
    toolCalls: [],
    requests: 1,
    inputTokens: 10,
    outputTokens: 5,
    costNanoUsd: 1000,
    judgeCostNanoUsd: 0,
    latencyMs: 100,
    error: null,
    conversationId: `conv-${patch.caseId}-${patch.repetition ?? 0}`,
    title: `Message of ${patch.caseId}`,
    ...patch,
  };
}

export function experimentView(patch: Partial<ExperimentView> & { id: string }): ExperimentView {
  return {
    status: "completed",
    datasetId: "ds1",
    datasetName: "support",
    datasetRevision: 1,
    agentId: "a1",
    agentName: "atlas",
    agentVersion: 1,
    label: null,
    concurrency: 4,
    repetitions: 1,
    totals: {
      cases: 0,
      done: 0,
      passed: 0,
      failed: 0,
      passRate: 0,
      costNanoUsd: 0,
      judgeCostNanoUsd: 0,
      latencyMs: { p50: null, p95: null, max: null },
    },
    createdAt: "2026-12-02T06:00:00.000Z",
    createdByName: "Ada",
    startedAt: "2026-12-02T06:00:01.000Z",
    finishedAt: "2026-12-02T06:00:09.000Z",
    error: null,
    cases: [],
    ...patch,
  };
}
