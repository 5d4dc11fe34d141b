"use client";
/** Renders a folded transcript: user messages, runs with their answers, tool cards (child runs nested), status lines, approvals and usage. */
import { PriceNames } from "@/components/costs/price-names";
import { useNamedPrices } from "@/components/costs/use-named-prices";
import Link from "next/link";
import { Fragment, useRef, useState } from "react";
import { PendingApprovalCard } from "@/components/approvals/approval-card";
import { formatCost, formatDuration, formatTokens } from "@/components/runs/usage-format";
import { parseInline } from "./markdown";
import { Markdown } from "./markdown-view";
import { decisionLabel, outputText } from "@/lib/events/tool-output-text.shared";
import type {
  CallStatus,
  RunItem,
  ToolCallView,
  Transcript,
  TranscriptApproval,
  TranscriptRun,
} from "@/lib/events/transcript-types.shared";
import { statusLineOf, type StatusLine } from "./transcript";
import { cardStartsOpen, clipText, denialOf, denialText, resultPreview } from "./transcript-display";
import { ShowMoreBlock, ShowMoreText } from "./show-more";
import type { ForkPoints } from "./branches/fork-points";
import type { ForkTarget } from "./branches/fork-dialog";
import { ForkMessageButton, ForkPoint } from "./branches/fork-buttons";
import { AddTurnButton } from "@/components/evals/add-turn-button";

const CALL_STATUS: Record<CallStatus, { label: string; className: string }> = {
  running: { label: "running", className: "pill status-running" },
  ok: { label: "ok", className: "pill ok" },
  error: { label: "error", className: "pill danger" },
  held: { label: "awaiting approval", className: "pill warn" },
  unfinished: { label: "not finished", className: "pill warn" },
};

/** Our own status text, with `code` spans. */
function StatusText({ text }: { text: string }) {
  return (
    <span>
      {parseInline(text).map((n, i) =>
        n.type === "code" ? <code key={i}>{n.text}</code> : n.type === "text" ? n.text : null,
      )}
    </span>
  );
}

function StatusLineView({
  line,
  spinning = false,
  testId = "run-status",
}: {
  line: StatusLine;
  spinning?: boolean;
  testId?: string;
}) {
  return (
    <p
      className={`cv-status cv-status-${line.tone}`}
      role={line.tone === "error" ? "alert" : "status"}
      data-testid={testId}
    >
      {spinning ? <span className="cv-spinner" aria-hidden="true" /> : null}
      <StatusText text={line.text} />
    </p>
  );
}

export function UsageLine({ run }: { run: TranscriptRun }) {
  const u = run.usage;
  const priceNames = useNamedPrices([run.model, ...u.answeredBy], u.priced !== "none" && u.costNanoUsd > 0);
  if (u.requests === 0 && u.totalTokens === 0) return null;
  const cost = u.requests === 0 && u.costNanoUsd === 0 ? null : formatCost(u.costNanoUsd, u.priced);
  return (
    <p className="cv-usage muted small" data-testid="run-usage">
      {u.requests} request{u.requests === 1 ? "" : "s"}
      {u.toolCalls ? ` · ${u.toolCalls} tool call${u.toolCalls === 1 ? "" : "s"}` : ""} · {formatTokens(u.totalTokens)}{" "}
      tokens ({formatTokens(u.inputTokens)} in · {formatTokens(u.outputTokens)} out)
      {cost ? (
        <>
          {" · "}
          <span className={u.priced === "none" ? "cv-unpriced" : "cv-cost"} data-testid="run-cost">
            {cost}
          </span>
          <PriceNames names={priceNames} />
        </>
      ) : null}
      {u.answeredBy.length ? (
        <>
          {" "}
          · answered by <span className="mono">{u.answeredBy.join(", ")}</span>
        </>
      ) : null}
    </p>
  );
}

function Approvals({ approvals, suspended }: { approvals: TranscriptApproval[]; suspended: boolean }) {
  if (!approvals.length) return null;
  return (
    <div className={suspended ? "cv-approvals held" : "cv-approvals"} data-testid="run-approvals">
      {suspended ? (
        <p className="small">
          Held for a decision — <Link href="/approvals">open the approval inbox</Link>
        </p>
      ) : null}
      <ul className="plain-list">
        {approvals.map((a) => (
          <li key={a.approvalId} className="cv-approval">
            {suspended && !a.decision ? <PendingApprovalCard approvalId={a.approvalId} /> : null}
            <span className="mono">{a.toolName}</span>{" "}
            <code className="args">{a.argumentsText.replace(/\s+/g, " ")}</code>{" "}
            {a.decision ? (
              <span className={decisionLabel(a.decision) === "approved" ? "pill ok" : "pill status-denied"}>
                {decisionLabel(a.decision)}
                {a.decidedBy ? ` by ${a.decidedBy}` : ""}
              </span>
            ) : (
              <span className="pill warn">pending</span>
            )}
            {a.reason ? <span className="muted small">: {a.reason}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ToolCard({ call, approvals }: { call: ToolCallView; approvals: readonly TranscriptApproval[] }) {
  const denial = denialOf(call, approvals);
  const st = denial ? { label: "denied", className: "pill status-denied" } : CALL_STATUS[call.status];
  const result = call.result && call.status !== "error" ? outputText(call.result) : null;
  // A card seen while it needed the reader stays open when it finishes; one loaded finished starts shut.
  const firstOpen = useRef(cardStartsOpen(call.status, denial !== null));
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (firstOpen.current || cardStartsOpen(call.status, denial !== null));
  const preview = !open ? (denial ? denialText(denial) : resultPreview(result)) : null;
  return (
    <details
      className={`cv-tool cv-tool-${denial ? "denied" : call.status}`}
      data-testid="tool-card"
      data-tool={call.toolName}
      data-status={call.status}
      open={open}
    >
      <summary
        className="cv-tool-head"
        onClick={(e) => {
          e.preventDefault();
          setChosen(!open);
        }}
      >
        <span className="cv-tool-chevron" aria-hidden="true">
          {open ? "▾" : "▸"}
        </span>
        <span className="cv-tool-icon" aria-hidden="true">
          {call.childRunId ? "⇢" : "ƒ"}
        </span>
        <span className="mono cv-tool-name">{call.toolName}</span>
        <span className={st.className}>{st.label}</span>
        {call.replayed ? (
          <span
            className="pill tt-from-record"
            title="Answered from a recorded result, not run again"
            data-testid="from-record"
          >
            from record
          </span>
        ) : null}
        {call.durationMs !== null ? <span className="muted small">{formatDuration(call.durationMs)}</span> : null}
        {preview ? (
          <span className="muted small cv-tool-preview" aria-hidden="true">
            {preview}
          </span>
        ) : null}
      </summary>
      {call.argumentsText !== null ? (
        <div className="cv-tool-section">
          <span className="cv-label">Arguments</span>
          <ShowMoreText
            text={call.argumentsText}
            render={(shown) => (
              <pre className="json-block" data-testid="tool-arguments">
                {shown}
              </pre>
            )}
          />
        </div>
      ) : null}
      {call.childRunId ? (
        <div className="cv-child" data-testid="child-run">
          <div className="cv-child-head small">
            <span className="muted">Agent run</span>{" "}
            <Link className="mono" href={`/runs/${encodeURIComponent(call.childRunId)}`}>
              {call.childRunId}
            </Link>
            {call.child?.model ? <span className="muted mono"> · {call.child.model}</span> : null}
          </div>
          {call.child ? <RunBody run={call.child} /> : null}
        </div>
      ) : null}
      {denial ? (
        <p className="cv-denial" data-testid="tool-denied">
          {denialText(denial)}
        </p>
      ) : call.status === "error" ? (
        <div className="cv-tool-section run-error" data-testid="tool-error">
          <span className="cv-label">Error</span>
          <p className="run-error-message">
            <span className="mono">{call.errorType ?? "Error"}</span>
            {call.errorMessage ? `: ${call.errorMessage}` : ""}
          </p>
        </div>
      ) : result !== null ? (
        <div className="cv-tool-section">
          <span className="cv-label">Result</span>
          <ShowMoreText
            text={result}
            render={(shown) => (
              <pre className="json-block" data-testid="tool-result">
                {shown}
              </pre>
            )}
          />
        </div>
      ) : null}
    </details>
  );
}

function Item({ item, approvals }: { item: RunItem; approvals: readonly TranscriptApproval[] }) {
  switch (item.kind) {
    case "text":
      return (
        <div className="cv-answer" data-testid="assistant-message" data-streaming={item.streaming ? "true" : undefined}>
          <ShowMoreBlock long={!item.streaming && clipText(item.text, 2400, 40).clipped}>
            <Markdown text={item.text} streaming={item.streaming} />
          </ShowMoreBlock>
        </div>
      );
    case "tool":
      return <ToolCard call={item.call} approvals={approvals} />;
    case "task":
      return (
        <div className="cv-task small" data-testid="child-task">
          <span className="cv-label">Task</span> {item.text}
        </div>
      );
    case "notice":
      return <StatusLineView line={item} testId="notice" />;
  }
}

function RunBody({ run }: { run: TranscriptRun }) {
  const statusLine = statusLineOf(run);
  return (
    <div className="cv-run-body">
      {run.items.map((item) => (
        <Item key={item.key} item={item} approvals={run.approvals} />
      ))}
      {statusLine ? <StatusLineView line={statusLine} spinning={run.status === "running"} /> : null}
      <Approvals approvals={run.approvals} suspended={run.status === "suspended"} />
      <UsageLine run={run} />
    </div>
  );
}

function RunBlock({ run, version }: { run: TranscriptRun; version?: number }) {
  return (
    <section
      className={`cv-run cv-run-${run.kind}`}
      data-testid="run-block"
      data-run-id={run.runId}
      data-run-status={run.status}
      aria-label={`${run.kind} run`}
    >
      <div className="cv-run-head small">
        {run.kind === "conclusion" ? <span className="pill warn">conclusion</span> : null}
        {run.kind === "command" ? <span className="pill">command</span> : null}
        {version ? (
          <span className="muted" title="The agent version this run ran">
            agent{" "}
            <span className="mono" data-testid="run-agent-version">
              v{version}
            </span>
          </span>
        ) : null}
        {run.model ? <span className="mono muted">{run.model}</span> : null}
        {run.status !== "completed" ? <span className={`pill status-${run.status}`}>{run.status}</span> : null}
        <a
          className="cv-run-link"
          href={`/runs/${encodeURIComponent(run.runId)}`}
          target="_blank"
          rel="noopener"
          aria-label="Trace of this run (opens in a new tab)"
          data-testid="run-link"
        >
          trace ↗
        </a>
      </div>
      <RunBody run={run} />
    </section>
  );
}

export function TranscriptView({
  transcript,
  optimistic,
  runVersions = {},
  forks,
  onAddToDataset,
}: {
  transcript: Transcript;
  optimistic: string | null;
  /** The agent version each run ran (by run id), shown in its head. */
  runVersions?: Record<string, number>;
  /** Where the conversation can be forked (branches/fork-points.ts); `onFork` when the reader may fork. */
  forks?: { points: ForkPoints; onFork?: (t: ForkTarget) => void };
  /** "Add this turn to a dataset" beside each user message (authors): the turn's 0-based index. */
  onAddToDataset?: (turn: number) => void;
}) {
  const points = forks?.points;
  let turn = -1;
  return (
    <div className="cv-transcript" data-testid="transcript">
      {transcript.entries.map((e) => {
        if (e.kind === "user") {
          const before = points?.beforeMessage[e.seq];
          const thisTurn = ++turn;
          return (
            <div key={e.key} className="cv-user" data-testid="user-entry">
              <div className="cv-bubble" data-testid="user-message">
                <ShowMoreText text={e.text} render={(shown) => shown} />
              </div>
              {before !== undefined && forks?.onFork ? (
                <ForkMessageButton seq={before} text={e.text} onFork={forks.onFork} />
              ) : null}
              {onAddToDataset ? <AddTurnButton turn={thisTurn} onAdd={onAddToDataset} /> : null}
            </div>
          );
        }
        if (e.kind === "notice") {
          return (
            <div
              key={e.key}
              className="cv-notice"
              data-testid="notice"
              id={points?.all.includes(e.seq) ? `seq-${e.seq}` : undefined}
            >
              <StatusLineView line={e} testId="notice-line" />
            </div>
          );
        }
        const after = points?.afterRun[e.run.runId];
        return (
          <Fragment key={e.key}>
            <RunBlock run={e.run} version={runVersions[e.run.runId]} />
            {after !== undefined ? <ForkPoint seq={after} onFork={forks?.onFork} /> : null}
          </Fragment>
        );
      })}
      {optimistic !== null ? (
        <div className="cv-user pending" data-testid="user-entry">
          <div className="cv-bubble" data-testid="user-message">
            {optimistic}
          </div>
        </div>
      ) : null}
    </div>
  );
}
