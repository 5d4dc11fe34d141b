"use client";
/**
 * "What the model sees next", on the conversation page: the context the conversation's next
 * request will carry — the system prompt as it renders now, the summary in effect, the messages
 * kept verbatim — with its estimated size against the auto-compaction threshold, read-only. An
 * operator can compact it (the agent's strategy, or another) or clear it from here, outside any run.
 */
import Link from "next/link";
import { useState } from "react";
import { useConversation } from "@/components/conversations/conversation-queries";
import { formatInt } from "@/components/shell/format";
import { compactionHref, strategyName } from "./compaction-format";
import { ContextMessages } from "./context-messages";
import {
  useClearConversation,
  useCompactConversation,
  useNextContext,
  type NextContextView,
} from "./compaction-queries";
import "./compactions.css";

type Choice = "agent" | "summarize" | "sliding_window";

function Gauge({ c }: { c: NextContextView }) {
  if (c.threshold === null) {
    return (
      <p className="muted small" data-testid="next-context-threshold">
        Auto-compaction is off for <span className="mono">{c.model}</span>
        {c.contextLength === null ? " (no context length)" : c.compaction.strategy === "none" ? " (strategy none)" : ""}
        .
      </p>
    );
  }
  const share = Math.min(1, c.estimatedTokens / c.threshold);
  return (
    <div className="cx-gauge" data-testid="next-context-threshold">
      <div className="cx-bar" aria-hidden="true">
        <div className={share >= 1 ? "cx-fill over" : "cx-fill"} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="muted small">
        ~{formatInt(c.estimatedTokens)} of {formatInt(c.threshold)} tokens before auto-compaction (
        {c.compaction.triggerRatio} × {formatInt(c.contextLength ?? 0)} of <span className="mono">{c.model}</span>)
        {c.lastInputTokens !== null ? ` · last request reported ${formatInt(c.lastInputTokens)} input tokens` : ""}
      </p>
    </div>
  );
}

export function NextContextPanel({
  conversationId,
  canCompact,
  lastSeq,
}: {
  conversationId: string;
  canCompact: boolean;
  lastSeq: number;
}) {
  const conversation = useConversation(conversationId);
  const running = conversation.data?.activeRun?.status === "running";
  const next = useNextContext(conversationId, lastSeq, !running);
  const compact = useCompactConversation(conversationId);
  const clear = useClearConversation(conversationId);
  const [choice, setChoice] = useState<Choice>("agent");
  const [confirmClear, setConfirmClear] = useState(false);
  const c = next.data?.context;
  const activeRun = conversation.data?.activeRun ?? null;
  const pending = compact.isPending || clear.isPending;
  const blocked = activeRun
    ? activeRun.status === "running"
      ? "A run is executing: compact or clear once it has finished."
      : "A run waits for approval: decide it first."
    : null;
  const empty = c ? c.messages.length === 0 && c.summary === null : true;
  const error = compact.error ?? clear.error;

  return (
    <details className="cx-panel" data-testid="next-context">
      <summary>
        <span className="cx-title">What the model sees next</span>
        {c ? (
          <span className="muted small" data-testid="next-context-estimate">
            ~{formatInt(c.estimatedTokens)} tokens
            {c.threshold !== null ? ` of ${formatInt(c.threshold)}` : ""} · {c.messages.length + (c.summary ? 1 : 0)}{" "}
            message{c.messages.length + (c.summary ? 1 : 0) === 1 ? "" : "s"}
            {c.summary ? " · compacted" : ""}
          </span>
        ) : null}
        {c?.compactsNextRun ? (
          <span className="pill warn" data-testid="compacts-next-run">
            the next run compacts first
          </span>
        ) : null}
      </summary>
      {next.error ? (
        <p className="error" role="alert">
          Could not load the context: {next.error.message}
        </p>
      ) : !c ? (
        <p className="muted small">Loading…</p>
      ) : (
        <div className="cx-body">
          <Gauge c={c} />
          <p className="muted small" data-testid="next-context-policy">
            {c.compaction.strategy === "summarize" ? (
              <>
                Compaction summarizes with <span className="mono">{c.compaction.summarizerModel}</span> (prompt{" "}
                <span className="mono">{c.compaction.summarizerPromptVersion}</span>, about{" "}
                {formatInt(c.compaction.summaryTargetTokens)} tokens).
              </>
            ) : c.compaction.strategy === "sliding_window" ? (
              <>Compaction keeps the last {c.compaction.keepRecentMessages} messages behind a marker.</>
            ) : (
              <>This agent never compacts on its own (strategy none).</>
            )}
          </p>
          {canCompact ? (
            <div className="inline-form wrap cx-actions">
              <label className="small">
                Strategy{" "}
                <select
                  value={choice}
                  onChange={(e) => setChoice(e.target.value as Choice)}
                  aria-label="Compaction strategy"
                  disabled={pending}
                >
                  <option value="agent">the agent&apos;s ({strategyName(c.compaction.strategy)})</option>
                  <option value="summarize">summarize</option>
                  <option value="sliding_window">sliding window (keep {c.compaction.keepRecentMessages})</option>
                </select>
              </label>
              <button
                className="btn small"
                disabled={pending || !!blocked || empty}
                title={blocked ?? (empty ? "The context holds no messages." : undefined)}
                onClick={() => {
                  setConfirmClear(false);
                  clear.reset();
                  compact.mutate(choice === "agent" ? null : choice);
                }}
              >
                {compact.isPending ? "Compacting…" : "Compact now"}
              </button>
              {confirmClear ? (
                <>
                  <span className="small">Drop every message from the context?</span>
                  <button
                    className="btn small danger"
                    disabled={pending || !!blocked}
                    onClick={() => {
                      compact.reset();
                      clear.mutate(undefined, { onSettled: () => setConfirmClear(false) });
                    }}
                  >
                    {clear.isPending ? "Clearing…" : "Yes, clear"}
                  </button>
                  <button className="btn small" onClick={() => setConfirmClear(false)} disabled={pending}>
                    Cancel
                  </button>
                </>
              ) : (
                <button
                  className="btn small"
                  disabled={pending || !!blocked || empty}
                  title={blocked ?? undefined}
                  onClick={() => setConfirmClear(true)}
                >
                  Clear context…
                </button>
              )}
              {blocked ? <span className="muted small">{blocked}</span> : null}
            </div>
          ) : null}
          {error ? (
            <p className="error small" role="alert" data-testid="compact-error">
              {error.message}
            </p>
          ) : null}
          {compact.data?.summarizerError ? (
            <p className="cx-warning small" role="status">
              The summarizer failed ({compact.data.summarizerError}); the history was truncated instead.
            </p>
          ) : null}

          <h3>System prompt</h3>
          {c.system.length === 0 ? (
            <p className="muted small">No system prompt.</p>
          ) : (
            c.system.map((p, i) => (
              <div key={i} className="cx-system">
                {p.dynamicRef ? <span className="muted small">rendered now: {p.dynamicRef}</span> : null}
                <pre className="cx-pre">{p.content}</pre>
              </div>
            ))
          )}

          {c.summary ? (
            <>
              <h3>
                Summary{" "}
                <span className={c.summary.degraded ? "pill warn" : "pill"}>
                  {c.summary.degraded ? "truncated" : strategyName(c.summary.strategyId)}
                </span>{" "}
                <Link
                  className="small"
                  href={compactionHref(`${conversationId}-${c.summary.seq}`)}
                  data-testid="summary-compaction-link"
                >
                  the fold that wrote it
                </Link>
              </h3>
              <pre className="cx-pre cx-summary" data-testid="next-context-summary">
                {c.summary.text}
              </pre>
            </>
          ) : null}

          <h3>
            {c.summary ? "Kept verbatim" : "Messages"} ({c.messages.length})
          </h3>
          <ContextMessages messages={c.messages} testId="next-context-messages" />
          <p className="muted small">
            {c.tools.length ? (
              <>
                Tools advertised: <span className="mono">{c.tools.join(", ")}</span>.{" "}
              </>
            ) : null}
            The next message you send follows these.{" "}
            <Link href={`/compactions?conversationId=${encodeURIComponent(conversationId)}`}>
              Every compaction of this conversation
            </Link>
          </p>
        </div>
      )}
    </details>
  );
}
