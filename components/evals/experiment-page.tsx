"use client";
/**
 * One experiment (`/evals/experiments/{id}`): while it runs, its live progress (cases done,
 * passing, cost so far) and Cancel; its totals (pass rate, cost with the judge's apart, latency
 * percentiles); every case with each verdict and its reason, the answer, tool calls, requests,
 * tokens, cost, latency and a link to the case's conversation — grouped per case with its pass
 * rate when each case ran several times (flakiness); and Export JSON / CSV. Pass and fail are
 * always written out, never shown by colour alone.
 */
import { useMemo, useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { formatDateTime } from "@/components/shell/format";
import { GuardedLink } from "@/components/shell/unsaved-changes";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useCan } from "@/components/shell/viewer-context";
import { formatDuration } from "@/components/runs/usage-format";
import { formatNanoUsd } from "@/lib/events/money.shared";
import type { ExperimentCaseView, ExperimentView } from "@/lib/evals/experiment.shared";
import { CaseEntryDetail, PassMark, groupEntries, type CaseGroup } from "./experiment-case";
import { experimentExportUrl, isLive, useCancelExperiment, useExperiment } from "./experiment-queries";
import { experimentName, passRateText, percent } from "./experiment-text";
import "./evals.css";
import "./experiments.css";

export function ExperimentPage({ id }: { id: string }) {
  const q = useExperiment(id);
  const x = q.data;
  useDocumentTitle(x ? `${experimentName(x)} on ${x.datasetName} · Evals` : null);
  if (q.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (q.error || !x)
    return (
      <>
        <p className="error" role="alert">
          Could not load the experiment: {q.error?.message}
        </p>
        <GuardedLink href="/evals">Back to Evals</GuardedLink>
      </>
    );
  return <ExperimentDetail x={x} />;
}

function ExperimentDetail({ x }: { x: ExperimentView }) {
  const live = isLive(x.status);
  const canOperate = useCan("operator");
  const cancel = useCancelExperiment(x.id);
  const confirm = useConfirm();
  const [failedOnly, setFailedOnly] = useState(false);
  const groups = useMemo(() => groupEntries(x.cases), [x.cases]);
  const shown = failedOnly ? groups.filter((g) => g.entries.some((e) => e.passed === false)) : groups;

  const askCancel = async () => {
    const ok = await confirm({
      title: "Cancel this experiment?",
      message: "No new case starts and running cases are interrupted; cases already judged keep their verdicts.",
      confirmLabel: "Cancel experiment",
      tone: "danger",
    });
    if (ok) cancel.mutate();
  };

  return (
    <>
      <header className="page-header">
        <div>
          <p className="small">
            <GuardedLink href="/evals">Evals</GuardedLink> /{" "}
            <GuardedLink href={`/evals/datasets/${encodeURIComponent(x.datasetId)}`}>{x.datasetName}</GuardedLink> /
            Experiment
          </p>
          <h1 className="exp-title">{experimentName(x)}</h1>
          <p className="muted">
            <span className={`pill status-${x.status}`} data-testid="experiment-status">
              {x.status}
            </span>{" "}
            over {x.datasetName} revision {x.datasetRevision} · {x.repetitions} repetition
            {x.repetitions === 1 ? "" : "s"} · concurrency {x.concurrency}
            {x.createdByName ? ` · started by ${x.createdByName}` : ""} · {formatDateTime(x.createdAt)}
          </p>
        </div>
        <div className="actions exp-actions">
          <a className="btn" href={experimentExportUrl(x.id, "json")} download data-testid="export-json">
            Export JSON
          </a>
          <a className="btn" href={experimentExportUrl(x.id, "csv")} download data-testid="export-csv">
            Export CSV
          </a>
          {live && canOperate ? (
            <button
              type="button"
              className="btn"
              onClick={() => void askCancel()}
              disabled={cancel.isPending}
              data-testid="cancel-experiment"
            >
              {cancel.isPending ? "Cancelling…" : "Cancel"}
            </button>
          ) : null}
        </div>
      </header>
      {cancel.error ? (
        <p className="error" role="alert">
          {cancel.error.message}
        </p>
      ) : null}
      {x.error ? (
        <p className="error" role="alert">
          The experiment failed: {x.error.message}
        </p>
      ) : null}

      <Progress x={x} live={live} />
      <Totals x={x} />

      <section aria-labelledby="exp-cases-title">
        <div className="section-head">
          <h2 id="exp-cases-title">Cases</h2>
          <label className="inline-check">
            <input type="checkbox" checked={failedOnly} onChange={(e) => setFailedOnly(e.target.checked)} /> Only cases
            that failed
          </label>
        </div>
        {shown.length === 0 ? (
          <p className="muted">{failedOnly ? "No case failed." : "No case has run yet."}</p>
        ) : (
          <ol className="exp-cases" aria-label="Case results">
            {shown.map((g) => (
              <CaseCard key={g.caseId} group={g} repetitions={x.repetitions} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function Progress({ x, live }: { x: ExperimentView; live: boolean }) {
  const t = x.totals;
  const text = `${t.done} of ${t.cases} case${t.cases === 1 ? "" : "s"} done · ${t.passed} passing · ${formatNanoUsd(t.costNanoUsd)} so far`;
  if (!live) return null;
  return (
    <div className="exp-progress card" data-testid="experiment-progress">
      <progress max={Math.max(1, t.cases)} value={t.done} aria-label="Cases done" />
      <p role="status" aria-live="polite">
        {x.status === "queued" ? "Queued. " : ""}
        {text}
      </p>
    </div>
  );
}

function Totals({ x }: { x: ExperimentView }) {
  const t = x.totals;
  return (
    <section className="card" aria-labelledby="exp-totals-title" data-testid="experiment-totals">
      <h2 id="exp-totals-title" className="exp-h2">
        Totals
      </h2>
      <dl className="facts">
        <dt>Pass rate</dt>
        <dd data-testid="experiment-pass-rate">
          {t.done ? percent(t.passRate) : "—"} <span className="muted">({passRateText(t)})</span>
        </dd>
        <dt>Failed</dt>
        <dd>{t.failed}</dd>
        <dt>Cost</dt>
        <dd className="mono">{formatNanoUsd(t.costNanoUsd)}</dd>
        <dt>Judge cost</dt>
        <dd className="mono">
          {formatNanoUsd(t.judgeCostNanoUsd)} <span className="muted small">(apart from the cost)</span>
        </dd>
        <dt>Latency</dt>
        <dd>
          p50 {formatDuration(t.latencyMs.p50)} · p95 {formatDuration(t.latencyMs.p95)} · max{" "}
          {formatDuration(t.latencyMs.max)}
        </dd>
        {x.finishedAt ? (
          <>
            <dt>Finished</dt>
            <dd>{formatDateTime(x.finishedAt)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function CaseCard({ group, repetitions }: { group: CaseGroup; repetitions: number }) {
  const first = group.entries[0];
  const several = repetitions > 1;
  return (
    <li className="card exp-case" data-testid="experiment-case" data-case-id={group.caseId}>
      <div className="exp-case-head">
        <h3>
          Case {first.index + 1} <span className="muted small mono">{group.caseId}</span>
        </h3>
        {several ? (
          <span className="exp-rate" data-testid="case-pass-rate">
            {group.passed} of {group.judged} repetitions passed
            {group.flaky ? <span className="pill warn">flaky</span> : null}
          </span>
        ) : (
          <PassMark entry={first} />
        )}
      </div>
      <p className="exp-case-title">
        <q>{first.title}</q>
      </p>
      {group.entries.map((e: ExperimentCaseView) => (
        <CaseEntryDetail key={e.repetition} entry={e} heading={several ? `Repetition ${e.repetition + 1}` : null} />
      ))}
    </li>
  );
}
