"use client";
/**
 * The compaction browser: every compaction and clear across conversations, newest first, filtered
 * by agent, conversation, strategy and day — with its strategy, summary, messages folded, tokens
 * before and after, prompt version, the run that triggered it (or "manual") and the summarizer's
 * cost. The filters live in the address, so a filtered view can be linked to.
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import { useAgents } from "@/components/agents/agent-queries";
import { formatDateTime, formatInt } from "@/components/shell/format";
import { formatNanoUsd } from "@/lib/events/money.shared";
import { QueryState } from "@/components/shell/query-state";
import { useCompactions, type CompactionFilters, type CompactionSummary } from "./compaction-queries";
import { compactionHref, strategyLabel, strategyPillClass, tokenChange } from "./compaction-format";
import "./compactions.css";
import { ChoiceFilter, DateRangeFilter } from "@/components/shell/filter-fields";

const STRATEGIES: Array<{ id: NonNullable<CompactionFilters["strategy"]>; label: string }> = [
  { id: "summarize", label: "summarize" },
  { id: "sliding_window", label: "sliding window" },
  { id: "clear", label: "clear" },
];

function clean(f: CompactionFilters): CompactionFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as CompactionFilters;
}

function Tokens({ c }: { c: CompactionSummary }) {
  if (c.tokensBefore === null) return <span className="muted">—</span>;
  return (
    <span className="cx-tokens">
      {formatInt(c.tokensBefore)} → ~{formatInt(c.tokensAfter ?? 0)}
      {(c.tokensAfter ?? 0) > c.tokensBefore ? (
        <span className="pill warn small" data-testid="token-change">
          {" "}
          {tokenChange(c.tokensBefore, c.tokensAfter ?? 0).text}
        </span>
      ) : null}
    </span>
  );
}

export function CompactionsBrowser({ initial }: { initial: CompactionFilters }) {
  const [filters, setFilters] = useState<CompactionFilters>(clean(initial));
  const query = useCompactions(filters);
  const agents = useAgents();
  useEffect(() => {
    const q = new URLSearchParams(filters as Record<string, string>).toString();
    window.history.replaceState(null, "", q ? `/compactions?${q}` : "/compactions");
  }, [filters]);
  const set = (next: Partial<CompactionFilters>) => setFilters((f) => clean({ ...f, ...next }));
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <form className="inline-form wrap cx-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <ChoiceFilter
          label="Agent"
          value={filters.agentId}
          options={(agents.data?.agents ?? []).map((a) => ({ value: a.id, label: a.name }))}
          onChange={(agentId) => set({ agentId })}
        />
        <ChoiceFilter
          label="Strategy"
          value={filters.strategy}
          options={STRATEGIES.map((s) => ({ value: s.id, label: s.label }))}
          onChange={(strategy) => set({ strategy: strategy as CompactionFilters["strategy"] })}
        />
        <DateRangeFilter from={filters.from} to={filters.to} onChange={set} />
        {filters.conversationId ? (
          <span className="pill" data-testid="conversation-filter">
            conversation <span className="mono">{filters.conversationId}</span>{" "}
            <button
              type="button"
              className="link-button dark"
              aria-label="Any conversation"
              onClick={() => set({ conversationId: undefined })}
            >
              ×
            </button>
          </span>
        ) : null}
        {filtered ? (
          <button type="button" className="btn small" onClick={() => setFilters({})}>
            Reset filters
          </button>
        ) : null}
      </form>
      <QueryState
        query={query}
        isEmpty={(d) => d.compactions.length === 0}
        empty={
          <>
            <h2>{filtered ? "No compactions match these filters" : "No compactions yet"}</h2>
            <p className="muted">
              A conversation is compacted when its context nears the model&apos;s window (or by hand from its page);
              every fold and clear is listed here with its summary and what it cost.
            </p>
          </>
        }
      >
        {(d) => (
          <table className="table cx-table" data-testid="compactions-table">
            <thead>
              <tr>
                <th>When</th>
                <th>Conversation</th>
                <th>Strategy</th>
                <th>Trigger</th>
                <th className="num">Messages</th>
                <th className="num" title="Provider-reported input before → estimated size after">
                  Tokens
                </th>
                <th>Prompt</th>
                <th className="num">Summarizer</th>
                <th>Summary</th>
              </tr>
            </thead>
            <tbody>
              {d.compactions.map((c) => (
                <tr key={c.id} data-testid="compaction-row" data-strategy={c.strategyId} data-trigger={c.trigger}>
                  <td>
                    <Link href={compactionHref(c.id)} data-testid="compaction-link">
                      {formatDateTime(c.createdAt)}
                    </Link>
                  </td>
                  <td>
                    <Link href={`/conversations/${encodeURIComponent(c.conversationId)}`}>
                      {c.conversationTitle ?? "Untitled"}
                    </Link>
                    <div className="muted small">
                      {c.agentName} · event {c.seq}
                    </div>
                  </td>
                  <td>
                    <span className={strategyPillClass(c)}>{strategyLabel(c)}</span>
                  </td>
                  <td>
                    {c.runId ? (
                      <Link href={`/runs/${encodeURIComponent(c.runId)}`} className="small" title={c.runId}>
                        auto · run
                      </Link>
                    ) : (
                      <span className="small">manual</span>
                    )}
                  </td>
                  <td className="num">{formatInt(c.messagesFolded)}</td>
                  <td className="num">
                    <Tokens c={c} />
                  </td>
                  <td className="mono">{c.summarizerPromptVersion ?? "—"}</td>
                  <td className="num small">
                    {c.summarizer ? (
                      <span
                        title={`${c.summarizer.model}: ${formatInt(c.summarizer.inputTokens)} in, ${formatInt(c.summarizer.outputTokens)} out`}
                      >
                        {c.summarizer.priced ? formatNanoUsd(c.summarizer.costNanoUsd) : "unpriced"}
                        <div className="muted">
                          {formatInt(c.summarizer.inputTokens + c.summarizer.outputTokens)} tokens
                        </div>
                      </span>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td className="cx-summary-cell">
                    {c.summary ? <span className="cx-clip">{c.summary}</span> : <span className="muted">cleared</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </>
  );
}
