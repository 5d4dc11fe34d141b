/**
 * Two experiments side by side (`GET /api/experiments/{id}/compare/{otherId}`, docs/evals.md,
 * Compare), pure: cases aligned by their stable `caseId` (kept across dataset revisions), each with
 * its pass rate over repetitions on both sides and how it moved from the base to the other:
 *
 * - `regressed` / `improved`: the other's pass rate is lower / higher than the base's;
 * - `unchanged-pass` (both always pass) / `unchanged-fail` (equal rates below 1);
 * - `added` / `removed`: the case is only in the other / only in the base (the dataset changed).
 *
 * A side's pass rate is its passing entries over its judged entries (an entry still queued or
 * cancelled is not judged; a side with none judged counts 0). Cost and latency deltas are other −
 * base of each side's mean over its entries (latency over the entries that have one). Order:
 * regressions, improvements, added, removed, then unchanged failures and passes; within a group,
 * the case's place in the dataset. Experiments over different datasets cannot be compared (400).
 */
import { AppError } from "../errors";
import type {
  CaseChange,
  ComparedCase,
  ComparedSide,
  ExperimentCaseView,
  ExperimentComparison,
  ExperimentSummary,
  ExperimentView,
} from "./experiment.shared";

const ORDER: Record<CaseChange, number> = {
  regressed: 0,
  improved: 1,
  added: 2,
  removed: 3,
  "unchanged-fail": 4,
  "unchanged-pass": 5,
};

/** A case's entries (one per repetition) by caseId, in the order the cases first appear. */
function byCase(cases: readonly ExperimentCaseView[]): Map<string, ExperimentCaseView[]> {
  const out = new Map<string, ExperimentCaseView[]>();
  for (const c of [...cases].sort((a, b) => a.index - b.index || a.repetition - b.repetition)) {
    const list = out.get(c.caseId);
    if (list) list.push(c);
    else out.set(c.caseId, [c]);
  }
  return out;
}

function side(entries: ExperimentCaseView[] | undefined): ComparedSide | null {
  if (!entries) return null;
  const judged = entries.filter((e) => e.passed !== null);
  const passed = judged.filter((e) => e.passed === true).length;
  return { passRate: judged.length ? passed / judged.length : 0, entries };
}

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function meanCost(entries: ExperimentCaseView[]): number {
  return mean(entries.map((e) => e.costNanoUsd)) ?? 0;
}

function meanLatency(entries: ExperimentCaseView[]): number | null {
  return mean(entries.flatMap((e) => (e.latencyMs === null ? [] : [e.latencyMs])));
}

function changeOf(base: ComparedSide | null, other: ComparedSide | null): CaseChange {
  if (!base) return "added";
  if (!other) return "removed";
  if (other.passRate < base.passRate) return "regressed";
  if (other.passRate > base.passRate) return "improved";
  return base.passRate === 1 ? "unchanged-pass" : "unchanged-fail";
}

function summaryOf(view: ExperimentView): ExperimentSummary {
  const { cases: _, ...summary } = view;
  return summary;
}

export function compareExperiments(base: ExperimentView, other: ExperimentView): ExperimentComparison {
  if (base.datasetId !== other.datasetId) {
    throw new AppError(
      "validation_error",
      `These experiments ran over different datasets ('${base.datasetName}' and '${other.datasetName}'): only experiments over one dataset can be compared.`,
      { field: "otherId" },
    );
  }
  const left = byCase(base.cases);
  const right = byCase(other.cases);
  const ids = [...right.keys(), ...[...left.keys()].filter((id) => !right.has(id))];
  const position = (id: string) => {
    const entry = (right.get(id) ?? left.get(id))![0];
    // Removed cases sort after the other's cases, by their place in the base.
    return right.has(id) ? entry.index : 1_000_000 + entry.index;
  };

  const cases: ComparedCase[] = ids.map((caseId) => {
    const b = side(left.get(caseId));
    const o = side(right.get(caseId));
    const latencyB = b ? meanLatency(b.entries) : null;
    const latencyO = o ? meanLatency(o.entries) : null;
    return {
      caseId,
      title: (o ?? b)!.entries[0].title,
      change: changeOf(b, o),
      base: b,
      other: o,
      costDeltaNanoUsd: b && o ? Math.round(meanCost(o.entries) - meanCost(b.entries)) : null,
      latencyDeltaMs: latencyB !== null && latencyO !== null ? Math.round(latencyO - latencyB) : null,
    };
  });
  cases.sort((x, y) => ORDER[x.change] - ORDER[y.change] || position(x.caseId) - position(y.caseId));

  const count = (...changes: CaseChange[]) => cases.filter((c) => changes.includes(c.change)).length;
  return {
    base: summaryOf(base),
    other: summaryOf(other),
    cases,
    counts: {
      regressed: count("regressed"),
      improved: count("improved"),
      unchanged: count("unchanged-pass", "unchanged-fail"),
      added: count("added"),
      removed: count("removed"),
    },
  };
}
