/**
 * The contract of /api/experiments (docs/evals.md, Experiments): run an agent version (or the
 * version a label points at) over a dataset's current revision, watch its progress, cancel it,
 * compare two, and export the results. Operators start and cancel; any signed-in role reads.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { LabelName } from "../../agents/agent-label.shared";
import { ExperimentComparison, ExperimentSummary, ExperimentView } from "../../evals/experiment.shared";

const IdParams = z.object({ id: z.string().min(1) });

export const ExperimentInput = z
  .object({
    datasetId: z.string().min(1, "Name the dataset"),
    agentId: z.string().min(1, "Name the agent"),
    version: z.number({ error: "A version is a positive whole number" }).int().positive().optional(),
    label: LabelName.optional(),
    /** Cases run at once (default 4, at most 16). */
    concurrency: z.number().int().min(1, "concurrency is 1 to 16").max(16, "concurrency is 1 to 16").optional(),
    /** Runs of each case (default 1, at most 10): more than 1 reports each case's pass rate. */
    repetitions: z.number().int().min(1, "repetitions is 1 to 10").max(10, "repetitions is 1 to 10").optional(),
  })
  .strict()
  .refine((b) => b.version === undefined || b.label === undefined, {
    message: "Give a version or a label, not both",
    path: ["label"],
  });
export type ExperimentInput = z.infer<typeof ExperimentInput>;

export const experimentsApi = {
  /** Newest first; `datasetId` / `agentId` narrow the list. */
  list: endpoint({
    method: "GET",
    path: "/api/experiments",
    query: z.object({ datasetId: z.string().optional(), agentId: z.string().optional() }),
    response: z.strictObject({ experiments: z.array(ExperimentSummary) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/experiments",
    body: ExperimentInput,
    response: z.strictObject({ id: z.string() }),
    status: 202,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/experiments/:id",
    params: IdParams,
    response: ExperimentView,
  }),
  /**
   * Progress as `text/event-stream` (never JSON): an `event: progress` frame whose data is the
   * `ExperimentSummary` at once, then whenever a case finishes or the status changes; the stream
   * ends after the frame with a terminal status (completed, cancelled, failed).
   */
  progress: endpoint({
    method: "GET",
    path: "/api/experiments/:id/progress",
    params: IdParams,
    response: ExperimentSummary,
  }),
  /** No new case starts; running cases are interrupted; judged cases keep their verdicts. */
  cancel: endpoint({
    method: "POST",
    path: "/api/experiments/:id/cancel",
    params: IdParams,
    response: ExperimentSummary,
  }),
  /** 400 `validation_error` when the two ran over different datasets. */
  compare: endpoint({
    method: "GET",
    path: "/api/experiments/:id/compare/:otherId",
    params: z.object({ id: z.string().min(1), otherId: z.string().min(1) }),
    response: ExperimentComparison,
  }),
  /**
   * The results as a file (Content-Disposition names it): `json` is the view `get` answers, `csv`
   * one row per case entry (docs/evals.md, Export). The CSV is not JSON: its client downloads it.
   */
  export: endpoint({
    method: "GET",
    path: "/api/experiments/:id/export",
    params: IdParams,
    query: z.object({ format: z.enum(["json", "csv"]).default("json") }),
    response: ExperimentView,
  }),
};
