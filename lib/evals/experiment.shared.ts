/**
 * The shapes of an experiment (docs/evals.md, Experiments): an agent version run over a dataset
 * revision, one conversation per (case, repetition), each judged by the case's expectations.
 * Browser-safe: imports only zod and the dataset and verdict shapes. Money is integer nano-USD.
 */
import { z } from "zod";
import { Verdict } from "./verdict.shared";
import { ObservedToolCall } from "./case-outcome.shared";

export const EXPERIMENT_STATUSES = ["queued", "running", "completed", "cancelled", "failed"] as const;
export const ExperimentStatus = z.enum(EXPERIMENT_STATUSES);
export type ExperimentStatus = z.infer<typeof ExperimentStatus>;

/** A case row's progress: queued, running, done (judged), cancelled (never ran or interrupted). */
export const ExperimentCaseStatus = z.enum(["queued", "running", "done", "cancelled"]);
export type ExperimentCaseStatus = z.infer<typeof ExperimentCaseStatus>;

/** A latency percentile summary in milliseconds (null when no case finished). */
export const LatencyPercentiles = z.strictObject({
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  max: z.number().nullable(),
});
export type LatencyPercentiles = z.infer<typeof LatencyPercentiles>;

export const ExperimentTotals = z.strictObject({
  /** Entries: cases × repetitions. */
  cases: z.number().int().min(0),
  /** Entries judged so far (done). */
  done: z.number().int().min(0),
  passed: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** passed / done over all entries (0 when none is done). */
  passRate: z.number().min(0).max(1),
  /** The agent's runs (conclusion and child runs included), never the judge's. */
  costNanoUsd: z.number().int().min(0),
  /** The judge's runs, reported apart. */
  judgeCostNanoUsd: z.number().int().min(0),
  latencyMs: LatencyPercentiles,
});
export type ExperimentTotals = z.infer<typeof ExperimentTotals>;

export const ExperimentCaseView = z.strictObject({
  index: z.number().int().min(0),
  /** 0-based; present on every entry (0 when repetitions is 1). */
  repetition: z.number().int().min(0),
  caseId: z.string(),
  status: ExperimentCaseStatus,
  /** null until judged. */
  passed: z.boolean().nullable(),
  verdicts: z.array(Verdict),
  /** The last turn's final answer. */
  answer: z.string().nullable(),
  toolCalls: z.array(ObservedToolCall),
  requests: z.number().int().min(0),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  costNanoUsd: z.number().int().min(0),
  judgeCostNanoUsd: z.number().int().min(0),
  latencyMs: z.number().nullable(),
  /** Why the case could not run or be judged (e.g. an unmocked side-effecting call). */
  error: z.strictObject({ type: z.string(), message: z.string() }).nullable(),
  conversationId: z.string().nullable(),
  /** The first user message, for the lists. */
  title: z.string(),
});
export type ExperimentCaseView = z.infer<typeof ExperimentCaseView>;

export const ExperimentSummary = z.strictObject({
  id: z.string(),
  status: ExperimentStatus,
  datasetId: z.string(),
  datasetName: z.string(),
  datasetRevision: z.number().int().positive(),
  agentId: z.string(),
  agentName: z.string(),
  agentVersion: z.number().int().positive(),
  label: z.string().nullable(),
  concurrency: z.number().int().positive(),
  repetitions: z.number().int().positive(),
  totals: ExperimentTotals,
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.strictObject({ type: z.string(), message: z.string() }).nullable(),
});
export type ExperimentSummary = z.infer<typeof ExperimentSummary>;

export const ExperimentView = ExperimentSummary.extend({ cases: z.array(ExperimentCaseView) });
export type ExperimentView = z.infer<typeof ExperimentView>;

/** How one aligned case moved between two experiments (base → other). */
export const CaseChange = z.enum(["regressed", "improved", "unchanged-pass", "unchanged-fail", "added", "removed"]);
export type CaseChange = z.infer<typeof CaseChange>;

/** One side of an aligned case: its pass rate over repetitions and the first repetition's detail. */
export const ComparedSide = z.strictObject({
  passRate: z.number().min(0).max(1),
  entries: z.array(ExperimentCaseView),
});
export type ComparedSide = z.infer<typeof ComparedSide>;

export const ComparedCase = z.strictObject({
  caseId: z.string(),
  title: z.string(),
  change: CaseChange,
  base: ComparedSide.nullable(),
  other: ComparedSide.nullable(),
  /** other − base (null when a side is missing). */
  costDeltaNanoUsd: z.number().int().nullable(),
  latencyDeltaMs: z.number().nullable(),
});
export type ComparedCase = z.infer<typeof ComparedCase>;

/** Two experiments over the same dataset: regressions and improvements first, then the rest. */
export const ExperimentComparison = z.strictObject({
  base: ExperimentSummary,
  other: ExperimentSummary,
  cases: z.array(ComparedCase),
  counts: z.strictObject({
    regressed: z.number().int(),
    improved: z.number().int(),
    unchanged: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
  }),
});
export type ExperimentComparison = z.infer<typeof ExperimentComparison>;
