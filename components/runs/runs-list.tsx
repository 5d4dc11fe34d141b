"use client";
/**
 * /traces: every run, newest first — its agent, first user message, status, start, duration,
 * tokens and cost — filtered by agent, status and days, searched by text (the first user message or
 * the agent's name), a page at a time. The filters live in the address, so a filtered view can be
 * linked to; each row opens its trace.
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import { useAgents } from "@/components/agents/agent-queries";
import { formatDateTime, formatInt } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { formatNanoUsd } from "@/lib/events/money.shared";
import { RunStatus } from "@/lib/events/event-types.shared";
import type { RunListItem } from "@/lib/runs/read-models/runs/run-list.shared";
import { useRuns, type RunFilters } from "./run-queries";
import { formatDuration } from "./usage-format";
import "./trace.css";
import { ChoiceFilter, DateRangeFilter } from "@/components/shell/filter-fields";

/** The filters without their empty values, as the address and the query key hold them. */
function clean(f: RunFilters): RunFilters {
  return Object.fromEntries(Object.entries(f).filter(([k, v]) => v && !(k === "page" && v === 1))) as RunFilters;
}

function addressOf(f: RunFilters): string {
  const q = new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)])).toString();
  return q ? `/traces?${q}` : "/traces";
}

const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function Cost({ r }: { r: RunListItem }) {
  // A run's cost is 0 with tokens only when no request was priced: never a silent $0.
  if (r.costNanoUsd === 0 && r.totalTokens > 0)
    return (
      <span className="pill warn" title="No price data for the model that answered; tokens are counted">
        unpriced
      </span>
    );
  return <>{formatNanoUsd(r.costNanoUsd)}</>;
}

function RunRow({ r }: { r: RunListItem }) {
  const href = `/runs/${encodeURIComponent(r.id)}`;
  return (
    <tr data-testid="run-row" data-status={r.status} data-agent={r.agentName}>
      <td>
        <Link href={`/agents/${encodeURIComponent(r.agentId)}`} className="mono">
          {r.agentName}
        </Link>
        {r.agentVersion ? (
          <>
            {" "}
            <span className="muted small mono" data-testid="run-version">
              v{r.agentVersion}
            </span>
          </>
        ) : null}
        {r.kind !== "turn" ? <span className="muted small"> · {r.kind}</span> : null}
      </td>
      <td className="tr-message">
        <Link href={href} data-testid="trace-link" title={r.prompt ?? undefined}>
          {r.prompt ? short(r.prompt) : <span className="mono">{r.id}</span>}
        </Link>
      </td>
      <td>
        <span className={`pill status-${r.status}`}>{r.status}</span>
        {r.stopReason && r.stopReason !== "end_turn" ? <span className="muted small"> {r.stopReason}</span> : null}
      </td>
      <td>{formatDateTime(r.startedAt)}</td>
      <td className="num">{r.status === "running" ? "running…" : formatDuration(r.durationMs)}</td>
      <td className="num" title={`${formatInt(r.inputTokens)} in · ${formatInt(r.outputTokens)} out`}>
        {formatInt(r.totalTokens)}
      </td>
      <td className="num">
        <Cost r={r} />
      </td>
    </tr>
  );
}

export function RunsList({ initial }: { initial: RunFilters }) {
  const [filters, setFilters] = useState<RunFilters>(clean(initial));
  // The search box applies what is typed after a short pause, not at every key.
  const [text, setText] = useState(initial.q ?? "");
  const query = useRuns(filters);
  const agents = useAgents();
  useEffect(() => {
    window.history.replaceState(null, "", addressOf(filters));
  }, [filters]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) => ((f.q ?? "") === text.trim() ? f : clean({ ...f, q: text.trim() || undefined, page: 1 })));
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  // Any filter change goes back to the first page.
  const set = (next: Partial<RunFilters>) => setFilters((f) => clean({ ...f, page: 1, ...next }));
  const filtered = Object.keys(filters).some((k) => k !== "page");
  const page = filters.page ?? 1;

  return (
    <>
      <form
        className="inline-form wrap tr-filters"
        role="search"
        aria-label="Filter runs"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: text.trim() || undefined });
        }}
      >
        <label className="small">
          Search{" "}
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="message or agent name"
            maxLength={200}
            data-testid="runs-search"
          />
        </label>
        <ChoiceFilter
          label="Agent"
          value={filters.agentId}
          options={(agents.data?.agents ?? []).map((a) => ({ value: a.id, label: a.name }))}
          onChange={(agentId) => set({ agentId })}
          testId="runs-agent"
        />
        <ChoiceFilter
          label="Status"
          value={filters.status}
          options={RunStatus.options.map((s) => ({ value: s, label: s }))}
          onChange={(status) => set({ status: status as RunFilters["status"] })}
          testId="runs-status"
        />
        <DateRangeFilter from={filters.from} to={filters.to} onChange={set} />
        {filtered ? (
          <button
            type="button"
            className="btn small"
            onClick={() => {
              setText("");
              setFilters({});
            }}
          >
            Reset filters
          </button>
        ) : null}
      </form>
      <QueryState
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={
          filtered ? (
            <>
              <h2>No runs match these filters</h2>
              <p className="muted">Change or reset the filters to see more runs.</p>
            </>
          ) : (
            <>
              <h2>No runs recorded yet</h2>
              <p className="muted">
                Every run of every conversation is traced: model requests, tool calls, approvals, compactions. Start a
                conversation with an agent to see its first trace here.
              </p>
            </>
          )
        }
      >
        {(d) => {
          const first = (d.page - 1) * d.limit + 1;
          const last = (d.page - 1) * d.limit + d.runs.length;
          const pages = Math.max(1, Math.ceil(d.total / d.limit));
          return (
            <>
              <div className="tr-scroll">
                <table className="table" data-testid="runs-table" aria-busy={query.isFetching}>
                  <thead>
                    <tr>
                      <th>Agent</th>
                      <th>First message</th>
                      <th>Status</th>
                      <th>Started</th>
                      <th className="num">Duration</th>
                      <th className="num">Tokens</th>
                      <th className="num">Cost</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.runs.map((r) => (
                      <RunRow key={r.id} r={r} />
                    ))}
                  </tbody>
                </table>
              </div>
              <nav className="tr-pager" aria-label="Pages of runs">
                <span className="muted small" data-testid="runs-count" role="status">
                  {d.runs.length
                    ? `${formatInt(first)}–${formatInt(last)} of ${formatInt(d.total)}`
                    : `page ${d.page} is empty`}
                </span>
                <button
                  type="button"
                  className="btn small"
                  disabled={page <= 1}
                  onClick={() => setFilters((f) => clean({ ...f, page: page - 1 }))}
                >
                  Newer
                </button>
                <span className="small">
                  Page {d.page} of {pages}
                </span>
                <button
                  type="button"
                  className="btn small"
                  disabled={d.page >= pages}
                  onClick={() => setFilters((f) => clean({ ...f, page: page + 1 }))}
                  data-testid="runs-next"
                >
                  Older
                </button>
              </nav>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
