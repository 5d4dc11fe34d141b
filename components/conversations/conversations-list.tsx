"use client";
/**
 * The conversations list: each with its agent, title, status and last activity; filtered by agent,
 * status and days of activity, searched by text, a page at a time (all on the server). Its creator
 * or an admin may rename a conversation in place or delete it (asked first).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useAgents } from "@/components/agents/agent-queries";
import { startVersion } from "@/components/agents/agent-version-view";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { useCan, useViewer } from "@/components/shell/viewer-context";
import { CONVERSATION_STATUS_LABEL } from "@/lib/runs/read-models/conversations/conversation-status.shared";
import {
  ConversationStatus,
  type ConversationSummary,
} from "@/lib/runs/read-models/conversations/conversation-views.shared";
import { useConversations, useCreateConversation } from "./conversation-queries";
import { ConversationActions } from "./conversation-actions";
import {
  conversationTitle,
  hasFilters,
  listQuery,
  mayManage,
  NO_FILTERS,
  pageCount,
  pageRange,
  type ListFilters,
} from "./conversation-list-view";
import "./conversations.css";

const PAGE_SIZE = 25;

/** Pick an agent, start a conversation with it, open it. */
function NewConversationControl() {
  const router = useRouter();
  const agents = useAgents();
  const create = useCreateConversation();
  const [agentId, setAgentId] = useState("");
  const list = agents.data?.agents ?? [];
  const chosen = agentId || list[0]?.id || "";
  const agent = list.find((a) => a.id === chosen);
  if (!list.length) return null;
  return (
    <form
      className="inline-form"
      data-testid="new-conversation"
      onSubmit={(e) => {
        e.preventDefault();
        // Always the version named beside the agent: production, or the latest while it is unset.
        if (agent)
          create.mutate(
            { agentId: agent.id, version: startVersion(agent) },
            { onSuccess: (c) => router.push(`/conversations/${encodeURIComponent(c.id)}`) },
          );
      }}
    >
      <select aria-label="Agent" value={chosen} onChange={(e) => setAgentId(e.target.value)}>
        {list.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      {agent ? (
        <span className="muted small" data-testid="new-conversation-version">
          v{startVersion(agent)}
        </span>
      ) : null}
      <button className="btn primary" type="submit" disabled={create.isPending || create.isSuccess || !agent}>
        {create.isPending || create.isSuccess ? "Starting…" : "New conversation"}
      </button>
      {create.error ? (
        <span className="error small" role="alert">
          {create.error.message}
        </span>
      ) : null}
    </form>
  );
}

function Filters({ filters, onChange }: { filters: ListFilters; onChange: (f: ListFilters) => void }) {
  const agents = useAgents().data?.agents ?? [];
  const [text, setText] = useState(filters.q);
  // The search box asks the server once typing pauses.
  useEffect(() => {
    if (text === filters.q) return;
    const t = setTimeout(() => onChange({ ...filters, q: text, page: 1 }), 300);
    return () => clearTimeout(t);
  }, [text, filters, onChange]);
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch, page: 1 });
  return (
    <form
      className="cv-filters"
      role="search"
      aria-label="Filter conversations"
      data-testid="conversation-filters"
      onSubmit={(e) => {
        e.preventDefault();
        set({ q: text });
      }}
    >
      <label className="cv-filter cv-filter-search">
        <span>Search</span>
        <input
          type="search"
          value={text}
          placeholder="Title or agent"
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
        />
      </label>
      <label className="cv-filter">
        <span>Agent</span>
        <select value={filters.agentId} onChange={(e) => set({ agentId: e.target.value })}>
          <option value="">All agents</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className="cv-filter">
        <span>Status</span>
        <select value={filters.status} onChange={(e) => set({ status: e.target.value as ListFilters["status"] })}>
          <option value="">Any status</option>
          {ConversationStatus.options.map((s) => (
            <option key={s} value={s}>
              {CONVERSATION_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="cv-filter">
        <span>Active from</span>
        <input
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </label>
      <label className="cv-filter">
        <span>to</span>
        <input
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </label>
      {hasFilters(filters) ? (
        <button
          type="button"
          className="btn small"
          onClick={() => {
            setText("");
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </button>
      ) : null}
    </form>
  );
}

function Row({ c, viewerId }: { c: ConversationSummary; viewerId: string | null }) {
  const viewer = useViewer();
  const title = conversationTitle(c);
  const canManage = useCan("operator") && mayManage({ id: viewerId, roles: viewer.roles }, c.createdById);
  return (
    <tr data-testid="conversation-row" data-conversation-id={c.id}>
      <td className="cv-list-title">
        <Link href={`/conversations/${encodeURIComponent(c.id)}`} className={c.title ? undefined : "muted"}>
          {title}
        </Link>
      </td>
      <td className="mono">
        {c.agentName} <span className="muted">· v{c.agentVersion}</span>
      </td>
      <td>
        <span className={`pill cv-state-${c.status}`} data-testid="conversation-status">
          {CONVERSATION_STATUS_LABEL[c.status]}
        </span>
        {c.pendingApprovals ? (
          <>
            {" "}
            <Link href="/approvals" className="small">
              {c.pendingApprovals} to decide
            </Link>
          </>
        ) : null}
      </td>
      <td>
        <time dateTime={c.updatedAt}>{formatDateTime(c.updatedAt)}</time>
      </td>
      <td className="cv-list-actions">
        {canManage ? <ConversationActions id={c.id} title={title} hasTitle={c.title !== null} compact /> : null}
      </td>
    </tr>
  );
}

export function ConversationsList({ viewerId }: { viewerId: string | null }) {
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const query = useConversations(listQuery(filters, PAGE_SIZE));
  const canRun = useCan("operator");
  const data = query.data;
  const pages = data ? pageCount(data.pageSize, data.total) : 1;
  const go = (page: number) => setFilters((f) => ({ ...f, page }));
  // A deletion can empty the last page: step back to the new last one.
  const overshot = data && data.conversations.length === 0 && data.total > 0 && filters.page > pages;
  useEffect(() => {
    if (overshot) setFilters((f) => ({ ...f, page: pages }));
  }, [overshot, pages]);
  return (
    <>
      {canRun ? <NewConversationControl /> : null}
      <Filters filters={filters} onChange={setFilters} />
      <QueryState
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={
          hasFilters(filters) ? (
            <>
              <h2>No conversation matches</h2>
              <p className="muted">Change or clear the filters to see more.</p>
            </>
          ) : (
            <>
              <h2>No conversations yet</h2>
              <p className="muted">Conversations with your agents, and where each one stands, are listed here.</p>
            </>
          )
        }
      >
        {(d) => (
          <>
            <div className="cv-table-scroll">
              <table className="table cv-list" data-testid="conversations-table" aria-busy={query.isFetching}>
                <thead>
                  <tr>
                    <th>Conversation</th>
                    <th>Agent</th>
                    <th>Status</th>
                    <th>Last activity</th>
                    <th>
                      <span className="cv-sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.conversations.map((c) => (
                    <Row key={c.id} c={c} viewerId={viewerId} />
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="cv-pager" aria-label="Pages">
              <span className="muted small" data-testid="conversations-range" role="status">
                {pageRange(d.page, d.pageSize, d.total)}
              </span>
              <button type="button" className="btn small" disabled={d.page <= 1} onClick={() => go(d.page - 1)}>
                ← Previous
              </button>
              <span className="small">
                Page {d.page} of {pages}
              </span>
              <button type="button" className="btn small" disabled={d.page >= pages} onClick={() => go(d.page + 1)}>
                Next →
              </button>
            </nav>
          </>
        )}
      </QueryState>
    </>
  );
}
