/**
 * An experiment's results as a file (`GET /api/experiments/{id}/export?format=json|csv`,
 * docs/evals.md, Export), pure: JSON is the experiment's view as `GET /api/experiments/{id}`
 * answers it; CSV is one row per case entry (case × repetition) with the columns of
 * `EXPERIMENT_CSV_COLUMNS`, written by the studio's one CSV writer (lib/api/csv.shared.ts: RFC 4180,
 * formula-looking text prefixed with `'`).
 */
import { csvDocument, type CsvValue } from "../api/csv.shared";
import type { ExperimentCaseView, ExperimentView } from "./experiment.shared";

export const EXPERIMENT_EXPORT_FORMATS = ["json", "csv"] as const;
export type ExperimentExportFormat = (typeof EXPERIMENT_EXPORT_FORMATS)[number];

type Cell = CsvValue;

/** The CSV's columns, in order, and how each is read from the experiment and one entry. */
export const EXPERIMENT_CSV_COLUMNS: ReadonlyArray<
  readonly [string, (x: ExperimentView, c: ExperimentCaseView) => Cell]
> = [
  ["experimentId", (x) => x.id],
  ["agentName", (x) => x.agentName],
  ["agentVersion", (x) => x.agentVersion],
  ["datasetName", (x) => x.datasetName],
  ["datasetRevision", (x) => x.datasetRevision],
  ["index", (_, c) => c.index],
  ["caseId", (_, c) => c.caseId],
  ["repetition", (_, c) => c.repetition],
  ["title", (_, c) => c.title],
  ["status", (_, c) => c.status],
  ["passed", (_, c) => (c.passed === null ? null : c.passed ? "true" : "false")],
  ["verdicts", (_, c) => c.verdicts.map((v) => `${v.kind}: ${verdictWord(v.passed)} (${v.reason})`).join("; ")],
  ["answer", (_, c) => c.answer],
  ["toolCalls", (_, c) => c.toolCalls.map((t) => t.name).join("; ")],
  ["requests", (_, c) => c.requests],
  ["inputTokens", (_, c) => c.inputTokens],
  ["outputTokens", (_, c) => c.outputTokens],
  ["costNanoUsd", (_, c) => c.costNanoUsd],
  ["judgeCostNanoUsd", (_, c) => c.judgeCostNanoUsd],
  ["latencyMs", (_, c) => c.latencyMs],
  ["error", (_, c) => (c.error ? `${c.error.type}: ${c.error.message}` : null)],
  ["conversationId", (_, c) => c.conversationId],
];

function verdictWord(passed: boolean | null): string {
  return passed === null ? "pending" : passed ? "pass" : "fail";
}

export function experimentToCsv(x: ExperimentView): string {
  const entries = [...x.cases].sort((a, b) => a.index - b.index || a.repetition - b.repetition);
  return csvDocument([
    EXPERIMENT_CSV_COLUMNS.map(([name]) => name),
    ...entries.map((c) => EXPERIMENT_CSV_COLUMNS.map(([, read]) => read(x, c))),
  ]);
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "x";

/** `support.atlas-v3.<id>.csv`: the dataset, the agent version and the experiment, ASCII only. */
export function experimentExportFileName(x: ExperimentView, format: ExperimentExportFormat): string {
  return `${safe(x.datasetName)}.${safe(x.agentName)}-v${x.agentVersion}.${safe(x.id)}.${format}`;
}

/** The file's body, media type and name. */
export function experimentExport(
  x: ExperimentView,
  format: ExperimentExportFormat,
): { body: string; contentType: string; fileName: string } {
  return format === "csv"
    ? { body: experimentToCsv(x), contentType: "text/csv; charset=utf-8", fileName: experimentExportFileName(x, "csv") }
    : {
        body: JSON.stringify(x, null, 2) + "\n",
        contentType: "application/json; charset=utf-8",
        fileName: experimentExportFileName(x, "json"),
      };
}
