"use client";
/**
 * A case's results on the experiment page: its entries grouped per case (one per repetition, with
 * the pass rate and whether it is flaky), the pass/fail mark (a word and a symbol, not a colour),
 * and one entry's detail — each verdict with its reason, the answer, the tool calls, requests,
 * tokens, cost, latency, the error that stopped it, and its conversation.
 */
import { ShowMoreText } from "@/components/conversations/show-more";
import { formatDuration, formatTokens } from "@/components/runs/usage-format";
import { formatNanoUsd } from "@/lib/events/money.shared";
import type { ExperimentCaseView } from "@/lib/evals/experiment.shared";
import type { Verdict } from "@/lib/evals/verdict.shared";

export interface CaseGroup {
  caseId: string;
  entries: ExperimentCaseView[];
  judged: number;
  passed: number;
  /** Judged several times with both outcomes. */
  flaky: boolean;
}

/** Entries grouped by case, in the dataset's order, repetitions in order. */
export function groupEntries(cases: readonly ExperimentCaseView[]): CaseGroup[] {
  const map = new Map<string, ExperimentCaseView[]>();
  for (const c of [...cases].sort((a, b) => a.index - b.index || a.repetition - b.repetition)) {
    map.set(c.caseId, [...(map.get(c.caseId) ?? []), c]);
  }
  return [...map].map(([caseId, entries]) => {
    const judged = entries.filter((e) => e.passed !== null).length;
    const passed = entries.filter((e) => e.passed === true).length;
    return { caseId, entries, judged, passed, flaky: passed > 0 && passed < judged };
  });
}

export function PassMark({ entry }: { entry: Pick<ExperimentCaseView, "passed" | "status"> }) {
  if (entry.passed === true)
    return (
      <span className="pill ok" data-testid="case-result">
        ✓ pass
      </span>
    );
  if (entry.passed === false)
    return (
      <span className="pill danger" data-testid="case-result">
        ✗ fail
      </span>
    );
  return (
    <span className={`pill status-${entry.status}`} data-testid="case-result">
      {entry.status}
    </span>
  );
}

function VerdictLine({ v }: { v: Verdict }) {
  const word = v.passed === null ? "pending" : v.passed ? "pass" : "fail";
  const mark = v.passed === null ? "…" : v.passed ? "✓" : "✗";
  return (
    <li className={`exp-verdict exp-verdict-${word}`} data-testid="verdict">
      <span aria-hidden="true">{mark}</span> <strong>{word}</strong> <span className="mono">{v.kind}</span> — {v.reason}
    </li>
  );
}

export function CaseEntryDetail({ entry: e, heading }: { entry: ExperimentCaseView; heading: string | null }) {
  return (
    <div className="exp-entry" data-testid="experiment-entry">
      {heading ? (
        <div className="exp-entry-head">
          <h4>{heading}</h4>
          <PassMark entry={e} />
        </div>
      ) : null}
      {e.error ? (
        <p className="error small" role="note">
          {e.error.type}: {e.error.message}
        </p>
      ) : null}
      {e.verdicts.length ? (
        <ul className="exp-verdicts" aria-label="Verdicts">
          {e.verdicts.map((v, i) => (
            <VerdictLine key={i} v={v} />
          ))}
        </ul>
      ) : null}
      <div className="exp-answer">
        <span className="exp-label">Answer</span>
        {e.answer === null ? (
          <p className="muted small">No final answer.</p>
        ) : (
          <div className="exp-answer-text" data-testid="case-answer">
            <ShowMoreText text={e.answer} render={(shown) => shown} />
          </div>
        )}
      </div>
      {e.toolCalls.length ? (
        <div>
          <span className="exp-label">Tool calls</span>
          <ul className="exp-tools">
            {e.toolCalls.map((t, i) => (
              <li key={i}>
                <span className="mono">{t.name}</span>{" "}
                <code className="args">{typeof t.args === "string" ? t.args : JSON.stringify(t.args)}</code>
                {t.depth > 0 ? <span className="muted small"> (depth {t.depth})</span> : null}
                {t.mocked ? (
                  <>
                    {" "}
                    <span
                      className="pill"
                      data-testid="tool-call-mocked"
                      title="Answered by the case's mock: the tool did not run"
                    >
                      mocked
                    </span>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="exp-figures small">
        <span>
          {e.requests} request{e.requests === 1 ? "" : "s"}
        </span>
        <span>
          {formatTokens(e.inputTokens)} in / {formatTokens(e.outputTokens)} out tokens
        </span>
        <span className="mono">{formatNanoUsd(e.costNanoUsd)}</span>
        {e.judgeCostNanoUsd ? <span className="mono">judge {formatNanoUsd(e.judgeCostNanoUsd)}</span> : null}
        <span>{formatDuration(e.latencyMs)}</span>
        {e.conversationId ? (
          <a href={`/conversations/${encodeURIComponent(e.conversationId)}`} data-testid="case-conversation">
            Conversation
          </a>
        ) : null}
      </p>
    </div>
  );
}
