"use client";
/**
 * A waterfall row opened (trace-waterfall.tsx): the request's model, tokens, cost, the tools it
 * offered and its system prompt; the call's arguments, result, replay or memo hit; who decided an
 * approval and how long it waited; a run's status, prompt and usage; a compaction's or switch's
 * summary.
 */
import Link from "next/link";
import { Fragment } from "react";
import type {
  RunTrace,
  TraceApprovalSpan,
  TraceMarkSpan,
  TraceModelSpan,
  TraceRun,
  TraceToolSpan,
} from "@/lib/runs/read-models/traces/trace-wire.shared";
import { outputText, prettyJson } from "@/lib/events/tool-output-text.shared";
import { formatDateTime } from "@/components/shell/format";
import { targetText } from "@/components/approvals/approval-format";
import type { WaterfallRow } from "./trace-layout";
import { formatCost, formatDuration, formatOfferedTools, formatTokens } from "./usage-format";
import { ContextBlocksView } from "./context-blocks-view";
import { ModelRequestPanel } from "./model-request-panel";

const runHref = (id: string) => `/runs/${encodeURIComponent(id)}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function Json({ text }: { text: string | unknown }) {
  return (
    <pre className="json-block">{typeof text === "string" ? prettyJson(text) : JSON.stringify(text, null, 2)}</pre>
  );
}

function ModelDetail({ s, trace }: { s: TraceModelSpan; trace: RunTrace }) {
  const prompt = s.systemPromptHash ? trace.systemPrompts[s.systemPromptHash] : null;
  const offered = formatOfferedTools(s.offeredTools);
  return (
    <>
      <dl className="facts">
        <dt>Answered by</dt>
        <dd className="mono">
          {s.provider}:{s.model}
          {s.fallback ? (
            <span className="muted"> (requested {s.requestedModel}: a fallback entry answered)</span>
          ) : null}
        </dd>
        <dt>Tokens</dt>
        <dd>
          {formatTokens(s.inputTokens)} in (cache {formatTokens(s.cacheReadTokens)} read,{" "}
          {formatTokens(s.cacheWriteTokens)} written) · {formatTokens(s.outputTokens)} out ·{" "}
          {formatTokens(s.totalTokens)} total
        </dd>
        <dt>Cost</dt>
        <dd data-testid="span-cost">
          {formatCost(s.costNanoUsd, s.priced)}
          {s.priced ? null : <span className="muted"> — no price data for this model; its tokens are counted</span>}
        </dd>
        <dt>Duration</dt>
        <dd>{formatDuration(s.durationMs)}</dd>
        {offered !== null ? (
          <>
            <dt>Offered</dt>
            <dd className={s.offeredTools?.length ? "mono" : "muted"} data-testid="span-offered">
              {offered}
            </dd>
          </>
        ) : null}
        {s.toolCalls.length ? (
          <>
            <dt>Called</dt>
            <dd className="mono">{s.toolCalls.join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {s.text ? (
        <>
          <h4>Answer</h4>
          <p className="wf-text">{s.text}</p>
        </>
      ) : null}
      {s.purpose === "request" ? null : <ContextBlocksView blocks={s.contextBlocks} />}
      {prompt ? (
        <details className="wf-prompt">
          <summary>
            System prompt · {plural(prompt.parts.length, "part")} ·{" "}
            <span className="mono">{prompt.contentHash.slice(0, 12)}</span>
          </summary>
          {prompt.parts.map((p, i) => (
            <div key={i}>
              {p.dynamicRef ? <span className="muted small">dynamic: {p.dynamicRef}</span> : null}
              <pre className="json-block">{p.content}</pre>
            </div>
          ))}
        </details>
      ) : (
        <p className="muted small">No system prompt.</p>
      )}
      {s.purpose === "request" ? <ModelRequestPanel runId={s.runId} seq={s.seq} /> : null}
    </>
  );
}

function ToolDetail({ s, trace }: { s: TraceToolSpan; trace: RunTrace }) {
  const approval = s.approvalId ? findApproval(trace.run, s.approvalId) : null;
  return (
    <>
      <dl className="facts">
        <dt>Call</dt>
        <dd className="mono">{s.toolCallId}</dd>
        <dt>Outcome</dt>
        <dd>
          {s.success === null
            ? s.approvalId
              ? "held for approval, not executed yet"
              : "no answer recorded"
            : s.success
              ? "ok"
              : `error: ${s.errorType ?? "unknown"}`}
        </dd>
        <dt>Duration</dt>
        <dd>{formatDuration(s.durationMs)}</dd>
        {s.replayed ? (
          <>
            <dt>Replayed</dt>
            <dd>answered from an identical earlier call of this run (idempotency), not executed again</dd>
          </>
        ) : null}
        {s.memoized ? (
          <>
            <dt>Memo hit</dt>
            <dd>answered from the first result of the same pure call in this run</dd>
          </>
        ) : null}
        {approval ? (
          <>
            <dt>Approval</dt>
            <dd>
              {approval.decision
                ? `${approval.decision === "approve" ? "approved" : "denied"} by ${approval.decidedBy ?? "an approver"} after ${formatDuration(approval.waitMs)}`
                : "waiting for a decision"}
            </dd>
          </>
        ) : null}
        {s.child ? (
          <>
            <dt>Agent run</dt>
            <dd>
              <Link className="mono" href={runHref(s.child.id)}>
                {s.child.id}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      <h4>Arguments</h4>
      <Json text={s.arguments} />
      <h4>Result</h4>
      {s.result ? (
        <pre className={s.success === false ? "json-block error" : "json-block"}>
          {s.result.type === "json" ? JSON.stringify(s.result.value, null, 2) : outputText(s.result)}
        </pre>
      ) : (
        <p className="muted">—</p>
      )}
      {s.truncated ? <p className="muted small">Cut to the first characters for the trace.</p> : null}
    </>
  );
}

function ApprovalDetail({ s }: { s: TraceApprovalSpan }) {
  return (
    <>
      <dl className="facts">
        <dt>Requested</dt>
        <dd>{formatDateTime(s.requestedAt)}</dd>
        <ApprovalTargetRow span={s} />
        <dt>Decision</dt>
        <dd>
          {s.decision ? (s.decision === "approve" ? "approved" : "denied") : "waiting"}
          {s.decidedBy ? ` by ${s.decidedBy}` : ""}
          {s.decidedAt ? ` at ${formatDateTime(s.decidedAt)}` : ""}
        </dd>
        {s.reason ? (
          <>
            <dt>Reason</dt>
            <dd>{s.reason}</dd>
          </>
        ) : null}
        <dt>Waited</dt>
        <dd data-testid="approval-wait">{s.waitMs === null ? "still waiting" : formatDuration(s.waitMs)}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`pill status-${s.status}`}>{s.status}</span> <Link href="/approvals">approvals</Link>
        </dd>
      </dl>
      <h4>Arguments (frozen)</h4>
      <Json text={s.arguments} />
    </>
  );
}

function RunDetail({ s, root }: { s: TraceRun; root: boolean }) {
  return (
    <>
      <dl className="facts">
        <dt>Run</dt>
        <dd>
          {root ? (
            <span className="mono">{s.id}</span>
          ) : (
            <Link className="mono" href={runHref(s.id)}>
              {s.id}
            </Link>
          )}{" "}
          · {s.kind}
          {s.stopReason ? ` · ${s.stopReason}` : ""}
        </dd>
        <dt>Model</dt>
        <dd className="mono">
          {s.model ?? s.requestedModel ?? "—"}
          {s.requestedModel && s.model && s.model !== s.requestedModel ? (
            <span className="muted"> (asked for {s.requestedModel})</span>
          ) : null}
        </dd>
        <dt>Own usage</dt>
        <dd>
          {plural(s.usage.requests, "request")} · {plural(s.usage.toolCalls, "tool call")} ·{" "}
          {formatTokens(s.usage.totalTokens)} tokens · {formatCost(s.usage.costNanoUsd, s.usage.pricing)}
        </dd>
        {s.treeUsage.requests !== s.usage.requests ? (
          <>
            <dt>With agent runs</dt>
            <dd>
              {plural(s.treeUsage.requests, "request")} · {formatTokens(s.treeUsage.totalTokens)} tokens ·{" "}
              {formatCost(s.treeUsage.costNanoUsd, s.treeUsage.pricing)}
            </dd>
          </>
        ) : null}
        <dt>Duration</dt>
        <dd>{formatDuration(s.durationMs)}</dd>
      </dl>
      {s.prompt ? (
        <>
          <h4>{s.kind === "child" ? "Task" : "Message"}</h4>
          <p className="wf-text">{s.prompt}</p>
        </>
      ) : null}
      {s.answer ? (
        <>
          <h4>Answer</h4>
          <p className="wf-text">{s.answer}</p>
        </>
      ) : null}
      {s.error ? (
        <p className="error">
          {s.error.type}: {s.error.message}
        </p>
      ) : null}
    </>
  );
}

function MarkDetail({ s }: { s: TraceMarkSpan }) {
  return (
    <>
      <p>{s.summary}</p>
      {s.detail ? <pre className="json-block">{s.detail}</pre> : null}
    </>
  );
}

function findApproval(run: TraceRun, id: string): TraceApprovalSpan | null {
  for (const s of run.spans) {
    if (s.type === "approval" && s.approvalId === id) return s;
    const below = s.type === "run" ? s : s.type === "tool" ? s.child : null;
    const found = below ? findApproval(below, id) : null;
    if (found) return found;
  }
  return null;
}

export function SpanDetail({ row, trace }: { row: WaterfallRow; trace: RunTrace }) {
  const s = row.span;
  switch (s.type) {
    case "model":
      return <ModelDetail s={s} trace={trace} />;
    case "tool":
      return <ToolDetail s={s} trace={trace} />;
    case "approval":
      return <ApprovalDetail s={s} />;
    case "run":
      return <RunDetail s={s} root={s.id === trace.run.id} />;
    default:
      return <MarkDetail s={s} />;
  }
}

/** What approving the call runs, as recorded with the request (nothing for `memory`). */
function ApprovalTargetRow({ span }: { span: TraceApprovalSpan }) {
  const target = targetText(span.target, span.toolName);
  if (!target) return null;
  return (
    <>
      <dt>Runs</dt>
      <dd data-testid="approval-target">
        <Link href={target.href} title={target.title}>
          {target.text}
        </Link>
      </dd>
    </>
  );
}
