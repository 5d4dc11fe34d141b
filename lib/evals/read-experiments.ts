/**
 * Experiments as answered (./experiment.shared.ts): the list (newest first) with each one's
 * totals, and one experiment with its cases. Totals are computed from the case rows as they are
 * now, so a running experiment's figures grow as its cases finish.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import type { Case } from "./dataset.shared";
import type {
  ExperimentCaseStatus,
  ExperimentCaseView,
  ExperimentStatus,
  ExperimentSummary,
  ExperimentTotals,
  ExperimentView,
} from "./experiment.shared";
import type { ObservedToolCall } from "./case-outcome.shared";
import { latencyPercentiles } from "./latency-percentiles";
import type { Verdict } from "./verdict.shared";

type ExperimentRow = NonNullable<Awaited<ReturnType<Db["experiment"]["findFirst"]>>>;
type CaseRow = NonNullable<Awaited<ReturnType<Db["experimentCase"]["findFirst"]>>>;
type TotalsRow = Pick<CaseRow, "status" | "passed" | "costNanoUsd" | "judgeCostNanoUsd" | "latencyMs">;

const errorOf = (raw: string | null): { type: string; message: string } | null => {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { type?: unknown; message?: unknown };
    return { type: String(parsed.type ?? "Error"), message: String(parsed.message ?? raw) };
  } catch {
    return { type: "Error", message: raw };
  }
};

export function experimentTotals(rows: readonly TotalsRow[]): ExperimentTotals {
  const done = rows.filter((r) => r.status === "done");
  const passed = done.filter((r) => r.passed === true).length;
  return {
    cases: rows.length,
    done: done.length,
    passed,
    failed: done.length - passed,
    passRate: done.length === 0 ? 0 : passed / done.length,
    costNanoUsd: rows.reduce((s, r) => s + Number(r.costNanoUsd), 0),
    judgeCostNanoUsd: rows.reduce((s, r) => s + Number(r.judgeCostNanoUsd), 0),
    latencyMs: latencyPercentiles(done.map((r) => r.latencyMs)),
  };
}

async function names(db: Db, rows: readonly ExperimentRow[]) {
  const [datasets, agents] = await Promise.all([
    db.dataset.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.datasetId))] } },
      select: { id: true, name: true },
    }),
    db.agent.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.agentId))] } },
      select: { id: true, name: true },
    }),
  ]);
  return {
    dataset: new Map(datasets.map((d) => [d.id, d.name])),
    agent: new Map(agents.map((a) => [a.id, a.name])),
  };
}

function summaryOf(
  row: ExperimentRow,
  cases: readonly TotalsRow[],
  n: Awaited<ReturnType<typeof names>>,
): ExperimentSummary {
  return {
    id: row.id,
    status: row.status as ExperimentStatus,
    datasetId: row.datasetId,
    datasetName: n.dataset.get(row.datasetId) ?? "(deleted dataset)",
    datasetRevision: row.datasetRevision,
    agentId: row.agentId,
    agentName: n.agent.get(row.agentId) ?? "(deleted agent)",
    agentVersion: row.agentVersion,
    label: row.label,
    concurrency: row.concurrency,
    repetitions: row.repetitions,
    totals: experimentTotals(cases),
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: errorOf(row.error),
  };
}

/** The experiment's row in the current workspace, or 404. */
export async function requireExperiment(db: Db, id: string): Promise<ExperimentRow> {
  const workspaceId = await currentWorkspaceId(db);
  const row = await db.experiment.findFirst({ where: { id, workspaceId } });
  if (!row) throw new NotFoundError(`No experiment with id '${id}'.`, { id });
  return row;
}

const TOTALS_SELECT = {
  experimentId: true,
  status: true,
  passed: true,
  costNanoUsd: true,
  judgeCostNanoUsd: true,
  latencyMs: true,
} as const;

export async function listExperiments(
  db: Db,
  filter: { datasetId?: string; agentId?: string } = {},
): Promise<ExperimentSummary[]> {
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.experiment.findMany({
    where: {
      workspaceId,
      ...(filter.datasetId ? { datasetId: filter.datasetId } : {}),
      ...(filter.agentId ? { agentId: filter.agentId } : {}),
    },
    orderBy: { createdAt: "desc" },
    take: 500,
  });
  const cases = await db.experimentCase.findMany({
    where: { experimentId: { in: rows.map((r) => r.id) } },
    select: TOTALS_SELECT,
  });
  const byExperiment = new Map<string, TotalsRow[]>();
  for (const c of cases) byExperiment.set(c.experimentId, [...(byExperiment.get(c.experimentId) ?? []), c]);
  const n = await names(db, rows);
  return rows.map((r) => summaryOf(r, byExperiment.get(r.id) ?? [], n));
}

/** The summary alone (progress, cancel). */
export async function getExperimentSummary(db: Db, id: string): Promise<ExperimentSummary> {
  const row = await requireExperiment(db, id);
  const cases = await db.experimentCase.findMany({ where: { experimentId: id }, select: TOTALS_SELECT });
  return summaryOf(row, cases, await names(db, [row]));
}

function caseView(row: CaseRow, title: string): ExperimentCaseView {
  return {
    index: row.index,
    repetition: row.repetition,
    caseId: row.caseId,
    status: row.status as ExperimentCaseStatus,
    passed: row.passed,
    verdicts: readJsonColumn<Verdict[] | null>(row.verdicts) ?? [],
    answer: row.answer,
    toolCalls: readJsonColumn<ObservedToolCall[] | null>(row.toolCalls) ?? [],
    requests: row.requests,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    costNanoUsd: Number(row.costNanoUsd),
    judgeCostNanoUsd: Number(row.judgeCostNanoUsd),
    latencyMs: row.latencyMs,
    error: errorOf(row.error),
    conversationId: row.conversationId,
    title,
  };
}

/** The experiment with every (case, repetition) entry, in case order. */
export async function getExperiment(db: Db, id: string): Promise<ExperimentView> {
  const row = await requireExperiment(db, id);
  const [cases, revision] = await Promise.all([
    db.experimentCase.findMany({ where: { experimentId: id }, orderBy: [{ index: "asc" }, { repetition: "asc" }] }),
    db.datasetRevision.findUnique({
      where: { datasetId_revision: { datasetId: row.datasetId, revision: row.datasetRevision } },
      select: { cases: true },
    }),
  ]);
  const datasetCases = revision ? readJsonColumn<Case[]>(revision.cases) : [];
  const summary = summaryOf(row, cases, await names(db, [row]));
  return {
    ...summary,
    cases: cases.map((c) => caseView(c, caseTitle(datasetCases[c.index]))),
  };
}

/** A case's title: its first message, on one line, shortened. */
export function caseTitle(c: Pick<Case, "messages"> | undefined): string {
  const first = (c?.messages[0] ?? "").replace(/\s+/g, " ").trim();
  return first.length > 80 ? `${first.slice(0, 79)}…` : first || "(no message)";
}
