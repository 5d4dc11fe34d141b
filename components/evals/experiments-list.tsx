"use client";
/**
 * A dataset's experiments, newest first: the agent version, status, pass rate, cost and median
 * latency of each, a link to its page, and two picked to compare (the older one is the base).
 */
import { useState } from "react";
import { formatDateTime } from "@/components/shell/format";
import { GuardedLink } from "@/components/shell/unsaved-changes";
import { formatDuration } from "@/components/runs/usage-format";
import { formatNanoUsd } from "@/lib/events/money.shared";
import type { ExperimentSummary } from "@/lib/evals/experiment.shared";
import { useExperiments } from "./experiment-queries";
import { experimentName, passRateText } from "./experiment-text";

export function ExperimentsList({ datasetId }: { datasetId: string }) {
  const q = useExperiments(datasetId);
  const [picked, setPicked] = useState<string[]>([]);
  const list = q.data?.experiments ?? [];
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));
  const pair = picked.length === 2 ? orderPair(list, picked[0], picked[1]) : null;

  return (
    <section className="experiments" aria-labelledby="experiments-title">
      <div className="section-head">
        <h2 id="experiments-title">Experiments</h2>
        {list.length > 1 ? (
          pair ? (
            <GuardedLink
              className="btn"
              href={`/evals/experiments/${encodeURIComponent(pair[0])}/compare/${encodeURIComponent(pair[1])}`}
              data-testid="compare-experiments"
            >
              Compare the two picked
            </GuardedLink>
          ) : (
            <span className="muted small">Pick two to compare them.</span>
          )
        ) : null}
      </div>
      {q.isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : q.error ? (
        <p className="error" role="alert">
          Could not load the experiments: {q.error.message}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No experiment has run over this dataset yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table experiments-table" data-testid="experiments-table">
            <thead>
              <tr>
                <th scope="col">Compare</th>
                <th scope="col">Experiment</th>
                <th scope="col">Status</th>
                <th scope="col">Passed</th>
                <th scope="col">Cost</th>
                <th scope="col">Latency p50</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {list.map((x) => (
                <tr key={x.id} data-testid="experiment-row">
                  <td>
                    <input
                      type="checkbox"
                      checked={picked.includes(x.id)}
                      onChange={() => toggle(x.id)}
                      aria-label={`Pick ${experimentName(x)} (${formatDateTime(x.createdAt)}) to compare`}
                    />
                  </td>
                  <td>
                    <GuardedLink href={`/evals/experiments/${encodeURIComponent(x.id)}`}>
                      {experimentName(x)}
                    </GuardedLink>
                    <div className="muted small">revision {x.datasetRevision}</div>
                  </td>
                  <td>
                    <span className={`pill status-${x.status}`}>{x.status}</span>
                  </td>
                  <td>{passRateText(x.totals)}</td>
                  <td className="mono">{formatNanoUsd(x.totals.costNanoUsd)}</td>
                  <td>{formatDuration(x.totals.latencyMs.p50)}</td>
                  <td className="small">{formatDateTime(x.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The two picked, older first: the base of a comparison is the earlier experiment. */
function orderPair(list: ExperimentSummary[], a: string, b: string): [string, string] {
  const at = (id: string) => list.find((x) => x.id === id)?.createdAt ?? "";
  return at(a) <= at(b) ? [a, b] : [b, a];
}
