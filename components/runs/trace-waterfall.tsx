"use client";
/**
 * The run as a waterfall: one row per span — runs, model requests, tool calls, approvals,
 * compactions — indented under the run (or call) they belong to, with a bar on one shared time
 * axis. A row opens to its details: the request's model, tokens, cost and system prompt; the call's
 * arguments, result, replay or memo hit; who decided an approval and how long it waited.
 */
import { Fragment, useMemo, useState, type ReactNode } from "react";
import type { RunTrace, TraceSpan } from "@/lib/runs/read-models/traces/trace-wire.shared";
import { barPosition, flattenTrace, spanLabel, timeTicks } from "./trace-layout";
import { formatCost, formatDuration, formatTokens } from "./usage-format";
import { SpanDetail } from "./span-detail";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function spanDuration(s: TraceSpan): number | null {
  switch (s.type) {
    case "model":
      return s.durationMs;
    case "tool":
      return s.durationMs;
    case "approval":
      return s.waitMs;
    case "run":
      return s.durationMs;
    default:
      return null;
  }
}

function statusClass(s: TraceSpan): string {
  switch (s.type) {
    case "tool":
      return s.success === null ? "pending" : s.success ? "ok" : "failed";
    case "run":
      return s.status === "failed" ? "failed" : s.status;
    case "approval":
      return s.decision === "deny" ? "denied" : s.decision ? "approved" : "pending";
    case "model":
      return s.priced ? "priced" : "unpriced";
    default:
      return "";
  }
}

/** The short facts beside a row's label. */
function rowMeta(s: TraceSpan): ReactNode {
  switch (s.type) {
    case "run":
      return (
        <>
          {s.status === "completed" ? null : <span className={`pill status-${s.status}`}>{s.status}</span>}
          {plural(s.usage.requests, "request")} · {formatTokens(s.usage.totalTokens)} tok
        </>
      );
    case "model":
      return (
        <>
          {formatTokens(s.inputTokens)} in · {formatTokens(s.outputTokens)} out · {formatCost(s.costNanoUsd, s.priced)}
          {s.fallback ? <span className="pill warn">fallback</span> : null}
        </>
      );
    case "tool":
      return (
        <>
          {s.success === null ? (
            <span className="pill warn">{s.approvalId ? "held" : "no answer"}</span>
          ) : (
            <span className={s.success ? "pill ok" : "pill danger"}>{s.success ? "ok" : (s.errorType ?? "error")}</span>
          )}
          {s.replayed ? <span className="pill">replayed</span> : null}
          {s.memoized ? <span className="pill">memo hit</span> : null}
          {s.approvalId ? <span className="pill warn">approval</span> : null}
        </>
      );
    case "approval":
      return s.decision ? (
        <>
          <span className={s.decision === "approve" ? "pill ok" : "pill danger"}>
            {s.decision === "approve" ? "approved" : "denied"}
          </span>
          by {s.decidedBy ?? "an approver"}
        </>
      ) : (
        <span className="pill warn">waiting</span>
      );
    default:
      return <span className="muted">{s.summary}</span>;
  }
}

function Bar({ s, total }: { s: TraceSpan; total: number }) {
  if (s.type === "compaction" || s.type === "cleared" || s.type === "model-switch") {
    const { left } = barPosition(s.startMs, s.startMs, total);
    return <span className="wf-mark" style={{ left: `${left}%` }} title={s.summary} />;
  }
  const { left, width } = barPosition(s.startMs, s.endMs, total);
  return (
    <>
      <span className={`wf-bar ${s.type} ${statusClass(s)}`} style={{ left: `${left}%`, width: `${width}%` }} />
      {s.type === "run"
        ? s.suspensions.map((p, i) => {
            const pos = barPosition(p.startMs, p.endMs ?? total, total);
            return (
              <span
                key={i}
                className="wf-suspended"
                style={{ left: `${pos.left}%`, width: `${pos.width}%` }}
                title="suspended: waiting for approval"
              />
            );
          })
        : null}
    </>
  );
}

/** The duration just after its bar (the track keeps room for it at the right edge). */
function DurationLabel({
  startMs,
  endMs,
  total,
  text,
}: {
  startMs: number;
  endMs: number;
  total: number;
  text: string;
}) {
  const { left, width } = barPosition(startMs, endMs, total);
  return (
    <span className="wf-dur small" style={{ left: `${left + width}%` }}>
      {text}
    </span>
  );
}

export function TraceWaterfall({ trace }: { trace: RunTrace }) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => flattenTrace(trace.run, collapsed), [trace.run, collapsed]);
  const total = Math.max(trace.durationMs, 1);
  const ticks = timeTicks(total);
  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  return (
    <div className="wf" data-testid="trace-waterfall">
      <div className="wf-row wf-axis" aria-hidden="true">
        <div className="wf-label muted small">Span</div>
        <div className="wf-track">
          {ticks.map((t) => (
            <span key={t} className="wf-tick" style={{ left: `${(t / total) * 100}%` }}>
              {formatDuration(t)}
            </span>
          ))}
        </div>
      </div>
      {rows.map((row) => {
        const s = row.span;
        const isOpen = open.has(row.id);
        const d = spanDuration(s);
        return (
          <Fragment key={row.id}>
            <div
              className={isOpen ? "wf-row open" : "wf-row"}
              data-testid="span"
              data-span-type={s.type}
              data-span-id={row.id}
            >
              <div className="wf-label" style={{ paddingLeft: 6 + row.depth * 16 }}>
                {row.parent ? (
                  <button
                    type="button"
                    className="twisty"
                    aria-expanded={!collapsed.has(row.id)}
                    aria-label={collapsed.has(row.id) ? "Show what is inside" : "Hide what is inside"}
                    onClick={() => setCollapsed(toggle(collapsed, row.id))}
                  >
                    {collapsed.has(row.id) ? "▸" : "▾"}
                  </button>
                ) : (
                  <span className="twisty" />
                )}
                <button
                  type="button"
                  className="wf-name"
                  aria-expanded={isOpen}
                  onClick={() => setOpen(toggle(open, row.id))}
                  title="Show the details"
                >
                  <span className={`wf-kind ${s.type}`}>
                    {s.type === "model"
                      ? "LLM"
                      : s.type === "run"
                        ? "run"
                        : s.type === "tool"
                          ? "tool"
                          : s.type === "approval"
                            ? "wait"
                            : "ctx"}
                  </span>
                  <span className="mono wf-text-label">{spanLabel(s)}</span>
                </button>
                <span className="wf-meta small">{rowMeta(s)}</span>
              </div>
              <div className="wf-track">
                {ticks.map((t) => (
                  <span key={t} className="wf-gridline" style={{ left: `${(t / total) * 100}%` }} />
                ))}
                <Bar s={s} total={total} />
                {d !== null ? (
                  <DurationLabel startMs={s.startMs} endMs={s.endMs} total={total} text={formatDuration(d)} />
                ) : null}
              </div>
            </div>
            {isOpen ? (
              <div className="wf-detail" data-testid="span-detail" style={{ marginLeft: 6 + row.depth * 16 }}>
                <SpanDetail row={row} trace={trace} />
              </div>
            ) : null}
          </Fragment>
        );
      })}
    </div>
  );
}
