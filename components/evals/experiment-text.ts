/** How the studio names an experiment and its pass rate in lists and headings. */
import type { ExperimentSummary, ExperimentTotals } from "@/lib/evals/experiment.shared";

/** "atlas v3 (production)" */
export function experimentName(x: Pick<ExperimentSummary, "agentName" | "agentVersion" | "label">): string {
  return `${x.agentName} v${x.agentVersion}${x.label ? ` (${x.label})` : ""}`;
}

/** "7 of 9 passed (78%)", or the progress while none is judged. */
export function passRateText(t: ExperimentTotals): string {
  if (t.done === 0) return t.cases ? `0 of ${t.cases} done` : "no cases";
  return `${t.passed} of ${t.done} passed (${percent(t.passRate)})`;
}

export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}
