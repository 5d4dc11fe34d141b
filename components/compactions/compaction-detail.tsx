"use client";
/**
 * One compaction or clear: what it was (strategy, trigger, tokens before and after, prompt version,
 * the summarizer's usage), and its summary beside the messages it replaced — re-read from the log,
 * as the conversation stood at that point — with the messages it kept verbatim.
 */
import Link from "next/link";
import { ApiClientError } from "@/components/api/api-client";
import { formatDateTime, formatInt } from "@/components/shell/format";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { formatNanoUsd } from "@/lib/events/money.shared";
import { ContextMessages } from "./context-messages";
import { useCompaction } from "./compaction-queries";
import { strategyLabel, strategyPillClass, tokenChange } from "./compaction-format";
import "./compactions.css";

/** The size change in words: a fold that grew the context says so (a warning, not a saving). */
function TokenChange({ before, after }: { before: number; after: number }) {
  const change = tokenChange(before, after);
  return (
    <span className={change.grew ? "pill warn" : "muted"} data-testid="token-change">
      {change.text}
    </span>
  );
}

export function CompactionDetailView({ id }: { id: string }) {
  const query = useCompaction(id);
  const c0 = query.data?.compaction;
  useDocumentTitle(
    c0 ? `${c0.kind === "cleared" ? "Clear" : "Compaction"} of ${c0.conversationTitle ?? "Untitled"}` : null,
  );
  if (query.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (query.error || !query.data) {
    return (
      <div className="empty">
        <p className="error" role="alert">
          {query.error instanceof ApiClientError && query.error.status === 404
            ? "No such compaction."
            : `Could not load the compaction: ${query.error?.message ?? "no answer"}`}
        </p>
        <Link href="/compactions">Back to compactions</Link>
      </div>
    );
  }
  const c = query.data.compaction;
  const conversationHref = `/conversations/${encodeURIComponent(c.conversationId)}`;
  return (
    <div className="cx-detail" data-testid="compaction-detail">
      <section className="card">
        <dl className="facts">
          <dt>Strategy</dt>
          <dd>
            <span className={strategyPillClass(c)}>{strategyLabel(c)}</span>
            {c.degraded ? <span className="muted small"> the summarizer failed; the history was truncated</span> : null}
          </dd>
          <dt>Conversation</dt>
          <dd>
            <Link href={conversationHref} data-testid="conversation-link">
              {c.conversationTitle ?? "Untitled"}
            </Link>{" "}
            <span className="muted small">
              with {c.agentName}, at event {c.seq}
            </span>
          </dd>
          <dt>When</dt>
          <dd>{formatDateTime(c.createdAt)}</dd>
          <dt>Trigger</dt>
          <dd>
            {c.runId ? (
              <>
                automatic, at the head of run{" "}
                <Link className="mono" href={`/runs/${encodeURIComponent(c.runId)}`} data-testid="run-link">
                  {c.runId}
                </Link>
                {c.run ? (
                  <span className="muted small">
                    {" "}
                    ({c.run.kind}, {c.run.status})
                  </span>
                ) : null}
              </>
            ) : (
              "manual, outside any run"
            )}
          </dd>
          <dt>{c.kind === "cleared" ? "Messages removed" : "Messages folded"}</dt>
          <dd>{formatInt(c.messagesFolded)}</dd>
          {c.tokensBefore !== null ? (
            <>
              <dt>Tokens</dt>
              <dd>
                {formatInt(c.tokensBefore)} before (reported by the provider) → ~{formatInt(c.tokensAfter ?? 0)} after
                (estimated): <TokenChange before={c.tokensBefore} after={c.tokensAfter ?? 0} />
              </dd>
            </>
          ) : null}
          {c.summarizerPromptVersion ? (
            <>
              <dt>Prompt version</dt>
              <dd className="mono">{c.summarizerPromptVersion}</dd>
            </>
          ) : null}
          {c.summarizer ? (
            <>
              <dt>Summarizer</dt>
              <dd>
                <span className="mono">{c.summarizer.model}</span> · {formatInt(c.summarizer.inputTokens)} in,{" "}
                {formatInt(c.summarizer.outputTokens)} out ·{" "}
                {c.summarizer.priced ? formatNanoUsd(c.summarizer.costNanoUsd) : "unpriced"}
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      <div className="cx-columns">
        <section className="card">
          <h2>{c.kind === "cleared" ? "Messages removed" : "Messages replaced"}</h2>
          <p className="muted small">The context before this event, as the log holds it.</p>
          <ContextMessages messages={c.replaced} testId="replaced-messages" />
        </section>
        <section className="card">
          <h2>{c.kind === "cleared" ? "After the clear" : c.strategyId === "sliding_window" ? "Marker" : "Summary"}</h2>
          {c.summary !== null ? (
            <pre className="cx-pre cx-summary" data-testid="compaction-summary">
              {c.summary}
            </pre>
          ) : (
            <p className="muted">The context is empty; the next run starts from its system prompt.</p>
          )}
          {c.kept.length ? (
            <>
              <h3>Kept verbatim ({c.kept.length})</h3>
              <ContextMessages messages={c.kept} testId="kept-messages" />
            </>
          ) : null}
        </section>
      </div>
      <p>
        <Link href={`/compactions?conversationId=${encodeURIComponent(c.conversationId)}`}>
          Every compaction of this conversation
        </Link>{" "}
        · <Link href={conversationHref}>Open the conversation</Link> · <Link href="/compactions">All compactions</Link>
      </p>
    </div>
  );
}
