"use client";
/** A run's stored events in order: the log the trace is built from, each event as recorded. */
import Link from "next/link";
import type { ReactNode } from "react";
import type { StoredEvent } from "@/lib/events/event-types.shared";
import { decisionLabel, outputText, prettyJson } from "@/lib/events/tool-output-text.shared";
import { pricingOf, type Pricing } from "@/lib/events/usage-counters.shared";
import { useRun } from "./run-queries";
import { formatCost, formatDuration, formatTokens } from "./usage-format";
import "@/components/conversations/conversations.css";

const runHref = (id: string) => `/runs/${encodeURIComponent(id)}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function pricing(events: StoredEvent[]): Pricing {
  const usage = events.filter((e): e is Extract<StoredEvent, { type: "LlmUsageEvent" }> => e.type === "LlmUsageEvent");
  return pricingOf(usage.length, usage.filter((e) => !e.data.priced).length);
}

function Json({ value }: { value: unknown }) {
  return (
    <pre className="json-block">{typeof value === "string" ? prettyJson(value) : JSON.stringify(value, null, 2)}</pre>
  );
}

function outcome(success: boolean) {
  return <span className={success ? "pill ok" : "pill danger"}>{success ? "ok" : "error"}</span>;
}

function EventBody({ e, priced }: { e: StoredEvent; priced: "all" | "some" | "none" }): ReactNode {
  switch (e.type) {
    case "RunStarted":
      return (
        <p>
          {e.data.kind} run of agent{" "}
          <span className="mono" data-testid="run-started-version">
            {e.data.agentVersion ? `v${e.data.agentVersion}` : "(version not recorded)"}
          </span>{" "}
          on <span className="mono">{e.data.model}</span>
          {e.data.followedTools?.length ? (
            <span className="muted">
              {" "}
              · following the latest:{" "}
              {e.data.followedTools.map((t) => (
                <span key={t.toolId} className="mono">
                  {t.name} v{t.version}{" "}
                </span>
              ))}
            </span>
          ) : null}
          {e.data.parentRunId ? (
            <>
              {" "}
              · parent{" "}
              <Link href={runHref(e.data.parentRunId)} className="mono">
                {e.data.parentRunId}
              </Link>
            </>
          ) : null}
        </p>
      );
    case "LlmSystemPromptEvent":
      return (
        <details>
          <summary>
            system prompt · {e.data.parts.length} part{e.data.parts.length === 1 ? "" : "s"} ·{" "}
            <span className="mono">{e.data.contentHash.slice(0, 12)}</span>
          </summary>
          {e.data.parts.map((p, i) => (
            <div key={i}>
              {p.dynamicRef ? <span className="muted small">dynamic: {p.dynamicRef}</span> : null}
              <pre className="json-block">{p.content}</pre>
            </div>
          ))}
        </details>
      );
    case "LlmMessageEvent":
      return (
        <div>
          <span className="pill">{e.data.role}</span>
          {e.data.parts.map((p, i) => {
            if (p.type === "text")
              return (
                <p key={i} className="rt-text">
                  {p.text}
                </p>
              );
            if (p.type === "tool-call")
              return (
                <p key={i}>
                  calls <span className="mono">{p.toolName}</span>{" "}
                  <code className="args">{JSON.stringify(p.input)}</code>
                </p>
              );
            return (
              <p key={i}>
                <span className="mono">{p.toolName}</span> →{" "}
                <span className={p.output.type === "text" || p.output.type === "json" ? undefined : "error"}>
                  {p.output.type}
                </span>{" "}
                <code className="args">{outputText(p.output)}</code>
              </p>
            );
          })}
        </div>
      );
    case "LlmUsageEvent": {
      const d = e.data;
      const answered = `${d.provider}:${d.model}`;
      return (
        <p>
          <span className="mono">{answered}</span>
          {d.requestedModel && d.requestedModel !== answered ? (
            <span className="muted"> (requested {d.requestedModel})</span>
          ) : null}{" "}
          · {formatTokens(d.inputTokens)} in · {formatTokens(d.outputTokens)} out
          {d.cacheReadTokens || d.cacheWriteTokens
            ? ` · cache ${formatTokens(d.cacheReadTokens)} read / ${formatTokens(d.cacheWriteTokens)} written`
            : ""}{" "}
          · {formatCost(d.costNanoUsd, d.priced)}
        </p>
      );
    }
    case "ToolCallEvent":
      return (
        <div>
          <span className="mono">{e.data.toolName}</span> <span className="muted small">{e.data.toolCallId}</span>
          <Json value={e.data.arguments} />
        </div>
      );
    case "ToolReturnEvent":
      return (
        <p>
          <span className="mono">{e.data.toolName}</span> {outcome(e.data.success)} {formatDuration(e.data.durationMs)}
          {e.data.errorType ? <span className="error"> {e.data.errorType}</span> : null}
          {e.data.childRunId ? (
            <>
              {" "}
              · agent run{" "}
              <Link href={runHref(e.data.childRunId)} className="mono">
                {e.data.childRunId}
              </Link>
            </>
          ) : null}
        </p>
      );
    case "ApprovalRequested":
      return (
        <div>
          <span className="mono">{e.data.toolName}</span> held for a decision · <Link href="/approvals">approvals</Link>
          <Json value={e.data.arguments} />
        </div>
      );
    case "ApprovalDecided":
      return (
        <p>
          <span className={decisionLabel(e.data.decision) === "approved" ? "pill ok" : "pill danger"}>
            {decisionLabel(e.data.decision)}
          </span>
          {e.data.decidedBy ? ` by ${e.data.decidedBy}` : ""}
          {e.data.reason ? <span className="muted"> — {e.data.reason}</span> : null}
        </p>
      );
    case "ModelSwitched":
      return (
        <p className="mono">
          {e.data.from} → {e.data.to}
        </p>
      );
    case "AgentVersionChanged":
      return (
        <p>
          agent version <span className="mono">v{e.data.from}</span> → <span className="mono">v{e.data.to}</span>
          {e.data.label ? <span className="muted"> ({e.data.label})</span> : null}
        </p>
      );
    case "LlmContextCompactedEvent":
      return (
        <details>
          <summary>
            {e.data.strategyId}: {e.data.replacedMessageCount} messages replaced · {formatTokens(e.data.tokensBefore)} →{" "}
            {formatTokens(e.data.tokensAfter)} tokens
          </summary>
          <pre className="json-block">{e.data.summary}</pre>
        </details>
      );
    case "LlmContextClearedEvent":
      return <p>{e.data.clearedMessageCount} messages cleared</p>;
    case "ToolStateEvent":
      return (
        <details>
          <summary>
            <span className="mono">{e.data.toolName}</span> state #{e.data.toolSeq}
          </summary>
          <Json value={e.data.payload} />
        </details>
      );
    case "RunFinished": {
      const u = e.data.usage;
      return (
        <div>
          <p>
            <span className={`pill status-${e.data.status}`}>{e.data.status}</span>{" "}
            <span className="mono">{e.data.stopReason}</span>
            {u
              ? ` · ${plural(u.requests, "request")} · ${plural(u.toolCalls, "tool call")} · ${formatTokens(u.totalTokens)} tokens`
              : ""}
            {u?.requests ? ` · ${formatCost(e.data.costNanoUsd ?? 0, priced)}` : ""}
          </p>
          {e.data.error ? (
            <p className="error">
              {e.data.error.type}: {e.data.error.message}
            </p>
          ) : null}
        </div>
      );
    }
    default:
      return <Json value={(e as StoredEvent).data} />;
  }
}

/** The events of one run (collapsed until opened), `#seq` and time since the first event. */
export function RunEventLog({ id }: { id: string }) {
  const q = useRun(id);
  if (q.isPending || q.error) return null;
  const events = q.data.events.filter((e) => e.runId === id);
  const t0 = events.length ? new Date(events[0].createdAt).getTime() : 0;
  const priced = pricing(events);
  return (
    <details className="card rt-log">
      <summary>
        <strong>Event log</strong> <span className="muted">· {plural(events.length, "event")} as stored</span>
      </summary>
      {events.length === 0 ? (
        <p className="muted">No events recorded for this run.</p>
      ) : (
        <ol className="rt-timeline" data-testid="run-timeline">
          {events.map((e) => (
            <li key={e.seq} className="rt-event" data-type={e.type}>
              <span className="rt-seq">#{e.seq}</span>
              <span className="rt-time">+{formatDuration(new Date(e.createdAt).getTime() - t0)}</span>
              <span className="rt-type">{e.type}</span>
              <div className="rt-body">
                <EventBody e={e} priced={priced} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
