"use client";
/**
 * Two experiments over one dataset side by side (`/evals/experiments/{id}/compare/{otherId}`): A
 * is the base, B the other. The totals of each with the difference, then the cases that regressed
 * or improved, added and removed, each with both pass rates, the answers with their words diffed
 * (the conversation compare page's diff, components/conversations/compare), the verdicts that
 * failed and the cost and latency deltas; unchanged cases folded below. What changed is written
 * out ("regressed", `<del>`/`<ins>`), never shown by colour alone.
 */
import { GuardedLink } from "@/components/shell/unsaved-changes";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { formatDuration } from "@/components/runs/usage-format";
import { signedDelta, wordDiff } from "@/components/conversations/compare/compare-diff";
import { Segments } from "@/components/conversations/compare/compare-turn";
import { formatNanoUsd } from "@/lib/events/money.shared";
import type { CaseChange, ComparedCase, ComparedSide, ExperimentSummary } from "@/lib/evals/experiment.shared";
import { useExperimentComparison } from "./experiment-queries";
import { experimentName, percent } from "./experiment-text";
import "@/components/conversations/compare/compare.css";
import "./evals.css";
import "./experiments.css";

type SideKey = "base" | "other";
const BADGE: Record<SideKey, { letter: string; cls: string }> = {
  base: { letter: "A", cls: "cmp-badge cmp-badge-left" },
  other: { letter: "B", cls: "cmp-badge cmp-badge-right" },
};
const CHANGE_TEXT: Record<CaseChange, string> = {
  regressed: "↓ regressed",
  improved: "↑ improved",
  added: "+ added",
  removed: "− removed",
  "unchanged-pass": "= still passes",
  "unchanged-fail": "= still fails",
};
const CHANGE_PILL: Record<CaseChange, string> = {
  regressed: "danger",
  improved: "ok",
  added: "",
  removed: "",
  "unchanged-pass": "",
  "unchanged-fail": "warn",
};

const money = (n: number) => formatNanoUsd(n);
const ms = (n: number) => formatDuration(n);

export function ExperimentComparePage({ id, otherId }: { id: string; otherId: string }) {
  const q = useExperimentComparison(id, otherId);
  const c = q.data;
  useDocumentTitle(c ? `Compare ${experimentName(c.base)} and ${experimentName(c.other)} · Evals` : null);
  if (q.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (q.error || !c)
    return (
      <>
        <p className="error" role="alert">
          Could not compare these experiments: {q.error?.message}
        </p>
        <GuardedLink href="/evals">Back to Evals</GuardedLink>
      </>
    );
  const moved = c.cases.filter((k) => !k.change.startsWith("unchanged"));
  const same = c.cases.filter((k) => k.change.startsWith("unchanged"));
  return (
    <>
      <header className="page-header">
        <div>
          <p className="small">
            <GuardedLink href="/evals">Evals</GuardedLink> /{" "}
            <GuardedLink href={`/evals/datasets/${encodeURIComponent(c.base.datasetId)}`}>
              {c.base.datasetName}
            </GuardedLink>{" "}
            / Compare
          </p>
          <h1 className="exp-title">
            {experimentName(c.base)} → {experimentName(c.other)}
          </h1>
          <p className="muted" data-testid="compare-counts">
            {c.counts.regressed} regressed · {c.counts.improved} improved · {c.counts.unchanged} unchanged
            {c.counts.added ? ` · ${c.counts.added} added` : ""}
            {c.counts.removed ? ` · ${c.counts.removed} removed` : ""}
          </p>
        </div>
      </header>
      <CompareTotals base={c.base} other={c.other} />
      <section aria-labelledby="cmp-moved-title">
        <h2 id="cmp-moved-title">Cases that changed</h2>
        {moved.length === 0 ? (
          <p className="muted" data-testid="compare-no-change">
            No case regressed or improved{same.length ? "" : ", and there are no cases"}.
          </p>
        ) : (
          <ol className="exp-cases" aria-label="Cases that changed">
            {moved.map((k) => (
              <ComparedCaseCard key={k.caseId} k={k} base={c.base} other={c.other} />
            ))}
          </ol>
        )}
      </section>
      {same.length ? (
        <details className="exp-unchanged">
          <summary>
            {same.length} unchanged case{same.length === 1 ? "" : "s"}
          </summary>
          <ol className="exp-cases" aria-label="Unchanged cases">
            {same.map((k) => (
              <ComparedCaseCard key={k.caseId} k={k} base={c.base} other={c.other} />
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}

function SideName({ side, x }: { side: SideKey; x: ExperimentSummary }) {
  return (
    <span className="cmp-side-head">
      <span className={BADGE[side].cls} aria-hidden="true">
        {BADGE[side].letter}
      </span>
      <span>
        <span className="evals-visually-hidden">{BADGE[side].letter}: </span>
        <GuardedLink href={`/evals/experiments/${encodeURIComponent(x.id)}`}>{experimentName(x)}</GuardedLink>
      </span>
    </span>
  );
}

function CompareTotals({ base, other }: { base: ExperimentSummary; other: ExperimentSummary }) {
  const a = base.totals;
  const b = other.totals;
  const rows: Array<[string, string, string, string | null]> = [
    [
      "Pass rate",
      percent(a.passRate),
      percent(b.passRate),
      signedDelta(a.passRate * 100, b.passRate * 100, (n) => `${Math.round(n)} pts`),
    ],
    ["Passed", `${a.passed} of ${a.done}`, `${b.passed} of ${b.done}`, signedDelta(a.passed, b.passed, String)],
    ["Cost", money(a.costNanoUsd), money(b.costNanoUsd), signedDelta(a.costNanoUsd, b.costNanoUsd, money)],
    [
      "Judge cost",
      money(a.judgeCostNanoUsd),
      money(b.judgeCostNanoUsd),
      signedDelta(a.judgeCostNanoUsd, b.judgeCostNanoUsd, money),
    ],
    [
      "Latency p50",
      formatDuration(a.latencyMs.p50),
      formatDuration(b.latencyMs.p50),
      signedDelta(a.latencyMs.p50, b.latencyMs.p50, ms),
    ],
    [
      "Latency p95",
      formatDuration(a.latencyMs.p95),
      formatDuration(b.latencyMs.p95),
      signedDelta(a.latencyMs.p95, b.latencyMs.p95, ms),
    ],
  ];
  return (
    <section className="card" aria-labelledby="cmp-totals-title" data-testid="compare-totals">
      <h2 id="cmp-totals-title" className="exp-h2">
        Totals
      </h2>
      <div className="exp-sides">
        <SideName side="base" x={base} />
        <SideName side="other" x={other} />
      </div>
      <div className="table-scroll">
        <table className="cmp-figures exp-compare-figures">
          <thead>
            <tr>
              <th scope="col">
                <span className="evals-visually-hidden">Figure</span>
              </th>
              <th scope="col">A</th>
              <th scope="col">B</th>
              <th scope="col">B − A</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, l, r, d]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{l}</td>
                <td>{r}</td>
                <td>{d ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function rateText(s: ComparedSide | null): string {
  if (!s) return "not in this experiment";
  const judged = s.entries.filter((e) => e.passed !== null).length;
  if (s.entries.length === 1) return judged ? (s.passRate === 1 ? "✓ pass" : "✗ fail") : s.entries[0].status;
  return `${percent(s.passRate)} of ${judged} repetitions passed`;
}

function ComparedCaseCard({ k, base, other }: { k: ComparedCase; base: ExperimentSummary; other: ExperimentSummary }) {
  const left = k.base?.entries[0] ?? null;
  const right = k.other?.entries[0] ?? null;
  const diff = wordDiff(left?.answer ?? "", right?.answer ?? "");
  const sides: Array<[SideKey, ComparedSide | null, ExperimentSummary]> = [
    ["base", k.base, base],
    ["other", k.other, other],
  ];
  return (
    <li className="card exp-case" data-testid="compared-case" data-case-id={k.caseId} data-change={k.change}>
      <div className="exp-case-head">
        <h3>
          <q>{k.title}</q> <span className="muted small mono">{k.caseId}</span>
        </h3>
        <span className={`pill ${CHANGE_PILL[k.change]}`} data-testid="case-change">
          {CHANGE_TEXT[k.change]}
        </span>
      </div>
      <div className="cmp-pair">
        {sides.map(([key, side, x]) => {
          const entry = side?.entries[0] ?? null;
          const failing = entry?.verdicts.filter((v) => v.passed === false) ?? [];
          return (
            <div key={key} className="exp-side" data-testid={`compared-${key}`}>
              <div className="cmp-side-head">
                <span className={BADGE[key].cls} aria-hidden="true">
                  {BADGE[key].letter}
                </span>
                <span className="muted small">
                  <span className="evals-visually-hidden">{BADGE[key].letter}, </span>
                  {experimentName(x)}: <strong>{rateText(side)}</strong>
                </span>
              </div>
              {entry ? (
                <>
                  <span className="cmp-label">Answer</span>
                  <p className="cmp-text" data-testid={`compared-answer-${key}`}>
                    {entry.answer === null ? (
                      <span className="muted">(no final answer)</span>
                    ) : left && right ? (
                      <Segments segments={diff[key === "base" ? "left" : "right"]} />
                    ) : (
                      entry.answer
                    )}
                  </p>
                  {failing.length ? (
                    <ul className="exp-verdicts" aria-label={`Failed verdicts in ${BADGE[key].letter}`}>
                      {failing.map((v, i) => (
                        <li key={i} className="exp-verdict exp-verdict-fail">
                          <span aria-hidden="true">✗</span> <strong>fail</strong> <span className="mono">{v.kind}</span>{" "}
                          — {v.reason}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <p className="exp-figures small">
                    <span className="mono">{money(entry.costNanoUsd)}</span>
                    <span>{formatDuration(entry.latencyMs)}</span>
                    {entry.conversationId ? (
                      <a href={`/conversations/${encodeURIComponent(entry.conversationId)}`}>Conversation</a>
                    ) : null}
                  </p>
                </>
              ) : null}
            </div>
          );
        })}
      </div>
      {k.costDeltaNanoUsd !== null || k.latencyDeltaMs !== null ? (
        <p className="small exp-deltas" data-testid="case-deltas">
          B − A: cost {signedDelta(0, k.costDeltaNanoUsd, money) ?? "—"} · latency{" "}
          {signedDelta(0, k.latencyDeltaMs, ms) ?? "—"}
        </p>
      ) : null}
    </li>
  );
}
