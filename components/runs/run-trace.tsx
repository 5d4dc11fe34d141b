"use client";
/**
 * /runs/{id}: one run as a trace — what it was and how it ended, then the waterfall of its model
 * requests, tool calls, approvals, compactions and the runs below it, then the raw event log.
 */
import Link from "next/link";
import { ApiClientError } from "@/components/api/api-client";
import type { RunTrace as Trace } from "@/lib/runs/read-models/traces/trace-wire.shared";
import { formatDateTime } from "@/components/shell/format";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { RunEventLog } from "./run-events";
import { useRun, useRunTrace } from "./run-queries";
import { TraceWaterfall } from "./trace-waterfall";
import { formatCost, formatDuration, formatTokens } from "./usage-format";
import "./trace.css";
import { PriceNames } from "@/components/costs/price-names";
import { useNamedPrices } from "@/components/costs/use-named-prices";

type TraceRunNode = Trace["run"];

/** The models that answered in a run (and, with `nested`, in the agent runs it called). */
function modelsOf(run: TraceRunNode, nested: boolean): string[] {
  const out: string[] = [];
  for (const s of run.spans) {
    if (s.type === "model") out.push(`${s.provider}:${s.model}`);
    else if (nested && s.type === "tool" && s.child) out.push(...modelsOf(s.child, true));
  }
  return out;
}

const runHref = (id: string) => `/runs/${encodeURIComponent(id)}`;
/** A message cut for the tab title. */
const short = (text: string) => (text.length > 40 ? `${text.slice(0, 39).trimEnd()}…` : text);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function Header({ trace }: { trace: Trace }) {
  const run = trace.run;
  const own = run.usage;
  const tree = run.treeUsage;
  const ownNames = useNamedPrices(modelsOf(run, false), own.pricing !== "none" && own.costNanoUsd > 0);
  const treeNames = useNamedPrices(modelsOf(run, true), tree.pricing !== "none" && tree.costNanoUsd > 0);
  return (
    <div className="card rt-header" data-testid="run-header">
      <dl className="facts">
        <dt>Agent</dt>
        <dd>
          <Link className="mono" href={`/agents/${encodeURIComponent(run.agentId)}`}>
            {run.agentName}
          </Link>
        </dd>
        <dt>Agent version</dt>
        <dd>
          <RunVersion id={run.id} />
        </dd>
        <dt>Kind</dt>
        <dd>
          {run.kind}
          {run.depth ? <span className="muted"> · depth {run.depth}</span> : null}
        </dd>
        <dt>Status</dt>
        <dd data-testid="run-status">
          <span className={`pill status-${run.status}`}>{run.status}</span>
          {run.stopReason ? <span className="mono small"> {run.stopReason}</span> : null}
        </dd>
        <dt>Model</dt>
        <dd className="mono">
          {run.model ?? run.requestedModel ?? "—"}
          {run.requestedModel && run.model && run.model !== run.requestedModel ? (
            <span className="muted"> (asked for {run.requestedModel})</span>
          ) : null}
        </dd>
        <dt>Usage</dt>
        <dd>
          {plural(own.requests, "request")} · {plural(own.toolCalls, "tool call")} · {formatTokens(own.totalTokens)}{" "}
          tokens ({formatTokens(own.inputTokens)} in · {formatTokens(own.outputTokens)} out
          {own.cacheReadTokens ? ` · ${formatTokens(own.cacheReadTokens)} cached` : ""})
        </dd>
        <dt>Cost</dt>
        <dd>
          <span data-testid="run-cost">{own.requests === 0 ? "—" : formatCost(own.costNanoUsd, own.pricing)}</span>
          <PriceNames names={ownNames} />
        </dd>
        {tree.requests !== own.requests ? (
          <>
            <dt>With agent runs</dt>
            <dd data-testid="tree-cost">
              {plural(tree.requests, "request")} · {formatTokens(tree.totalTokens)} tokens ·{" "}
              {formatCost(tree.costNanoUsd, tree.pricing)}
              <PriceNames names={treeNames} />
            </dd>
          </>
        ) : null}
        <dt>Conversation</dt>
        <dd>
          <Link className="mono" href={`/conversations/${encodeURIComponent(trace.conversation.id)}`}>
            {trace.conversation.title ?? trace.conversation.id}
          </Link>
        </dd>
        {Object.keys(trace.conversation.context).length ? (
          <>
            <dt>Context</dt>
            <dd className="mono small" data-testid="trace-context">
              {Object.entries(trace.conversation.context)
                .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
                .join(" · ")}
            </dd>
          </>
        ) : null}
        <dt>Parent run</dt>
        <dd>
          {run.parentRunId ? (
            <Link className="mono" href={runHref(run.parentRunId)} data-testid="parent-run-link">
              {run.parentRunId}
            </Link>
          ) : (
            "—"
          )}
        </dd>
        {trace.otelTraceId ? (
          <>
            <dt>OpenTelemetry trace</dt>
            <dd className="mono small" data-testid="otel-trace-id">
              {trace.otelTraceId}
            </dd>
          </>
        ) : null}
        <dt>Started</dt>
        <dd>{formatDateTime(run.startedAt)}</dd>
        <dt>Duration</dt>
        <dd>
          {run.status === "running"
            ? "running…"
            : `${formatDuration(run.durationMs)}${trace.durationMs > run.durationMs ? ` (${formatDuration(trace.durationMs)} with what followed)` : ""}`}
        </dd>
      </dl>
      {run.prompt ? (
        <p className="rt-prompt">
          <span className="muted">{run.kind === "child" ? "Task" : "Message"}:</span> {run.prompt}
        </p>
      ) : null}
      {run.error ? (
        <div className="run-error" role="alert">
          <p className="run-error-message">
            {run.error.type}: {run.error.message}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The agent version the run ran and the tools it followed to their latest (from the run and its RunStarted). */
function RunVersion({ id }: { id: string }) {
  const q = useRun(id);
  if (!q.data) return <span className="muted">…</span>;
  const started = q.data.events.find(
    (e): e is Extract<typeof e, { type: "RunStarted" }> => e.type === "RunStarted" && e.runId === id,
  );
  const version = q.data.run.agentVersion ?? started?.data.agentVersion ?? null;
  const followed = started?.data.followedTools ?? [];
  return (
    <>
      <span className="mono" data-testid="run-agent-version">
        {version ? `v${version}` : "not recorded"}
      </span>
      {followed.length ? (
        <span className="muted small" data-testid="run-followed-tools">
          {" "}
          · tools at their latest: {followed.map((t) => `${t.name} v${t.version}`).join(", ")}
        </span>
      ) : null}
    </>
  );
}

export function RunTrace({ id }: { id: string }) {
  const q = useRunTrace(id);
  const r = q.data?.run;
  useDocumentTitle(r ? `Trace: ${r.agentName}${r.prompt ? ` — ${short(r.prompt)}` : ""}` : null);
  if (q.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (q.error) {
    return (
      <div className="empty">
        <p className="error" role="alert">
          {q.error instanceof ApiClientError && q.error.status === 404
            ? "No such run."
            : `Could not load the run: ${q.error.message}`}
        </p>
        <Link href="/traces">Back to traces</Link>
      </div>
    );
  }
  const trace = q.data;
  return (
    <div className="rt" data-testid="run-trace">
      <Header trace={trace} />
      <div className="wf-head">
        <h2>Timeline</h2>
        <span className="muted small">
          Durations as recorded; start times are placed from them and the order of events. Open a row for its details.
        </span>
      </div>
      <TraceWaterfall trace={trace} />
      <RunEventLog id={id} />
    </div>
  );
}
