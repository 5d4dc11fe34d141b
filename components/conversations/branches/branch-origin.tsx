"use client";
/**
 * A conversation's place in its family, above its transcript: the banner of a fork ("Forked from
 * <original> at event N") or of a replay ("Replay of <original> · recorded results · running"),
 * each with a link to compare it with the original, and on a conversation that has branches the
 * "Branches (N)" disclosure listing its forks and replays.
 */
import Link from "next/link";
import { ApiClientError } from "@/components/api/api-client";
import { formatDateTime } from "@/components/shell/format";
import type { BranchView, ReplayOf } from "@/lib/runs/read-models/branches/branch-views.shared";
import { BranchIcon } from "./branch-icon";
import { useBranches, useOtherConversation } from "./branch-queries";
import "./branches.css";

const conversationHref = (id: string) => `/conversations/${encodeURIComponent(id)}`;
export const compareHref = (id: string, otherId: string) =>
  `${conversationHref(id)}/compare/${encodeURIComponent(otherId)}`;

function OriginLink({ id, seq }: { id: string; seq: number | null }) {
  const q = useOtherConversation(id);
  const gone = q.error instanceof ApiClientError && q.error.status === 404;
  const name = q.data
    ? (q.data.title ?? `a conversation with ${q.data.agentName}`)
    : gone
      ? "a deleted conversation"
      : "the original";
  if (gone) return <span>{name}</span>;
  return (
    <Link href={`${conversationHref(id)}${seq ? `#seq-${seq}` : ""}`} data-testid="origin-link">
      {name}
    </Link>
  );
}

const REPLAY_STATUS: Record<ReplayOf["status"], { label: string; className: string }> = {
  queued: { label: "queued", className: "pill" },
  running: { label: "running", className: "pill status-running" },
  completed: { label: "completed", className: "pill ok" },
  failed: { label: "failed", className: "pill danger" },
};

export function BranchOrigin({ id }: { id: string }) {
  const q = useBranches(id);
  const b = q.data;
  if (!b) return null;
  return (
    <>
      {b.forkedFrom ? (
        <div className="tt-banner" data-testid="fork-origin" data-seq={b.forkedFrom.seq}>
          <span className="tt-icon">
            <BranchIcon size={16} />
          </span>
          <span>
            Forked from <OriginLink id={b.forkedFrom.conversationId} seq={b.forkedFrom.seq} />{" "}
            {b.forkedFrom.seq === 0 ? "before its first event" : `at event ${b.forkedFrom.seq}`}
          </span>
          <Link
            className="btn small"
            href={compareHref(id, b.forkedFrom.conversationId)}
            data-testid="compare-original"
          >
            Compare with original
          </Link>
        </div>
      ) : null}
      {b.replayOf ? (
        <div className="tt-banner" data-testid="replay-origin" data-status={b.replayOf.status}>
          <span aria-hidden="true" className="tt-icon">
            ↻
          </span>
          <span>
            Replay of <OriginLink id={b.replayOf.conversationId} seq={null} /> ·{" "}
            {b.replayOf.toolResults === "recorded" ? "recorded results" : "recorded results, pure tools live"} ·{" "}
            <span className={REPLAY_STATUS[b.replayOf.status].className} role="status" data-testid="replay-status">
              {REPLAY_STATUS[b.replayOf.status].label}
            </span>
          </span>
          <Link className="btn small" href={compareHref(id, b.replayOf.conversationId)} data-testid="compare-original">
            Compare with original
          </Link>
        </div>
      ) : null}
      {b.branches.length ? <BranchList id={id} branches={b.branches} /> : null}
    </>
  );
}

function BranchList({ id, branches }: { id: string; branches: BranchView[] }) {
  return (
    <details className="tt-branches" data-testid="branches">
      <summary>Branches ({branches.length})</summary>
      <ul className="plain-list">
        {branches.map((br) => (
          <li key={br.id} className="tt-branch" data-testid="branch" data-kind={br.kind}>
            <span className="tt-branch-title">{br.title ?? "Untitled"}</span>
            <span className="pill">{br.kind}</span>
            <span className="muted small">
              {br.kind === "fork" && br.seq !== null
                ? br.seq === 0
                  ? "from the start · "
                  : `at event ${br.seq} · `
                : ""}
              <span className="mono">v{br.agentVersion}</span>
              {br.modelKey ? (
                <>
                  {" · "}
                  <span className="mono">{br.modelKey}</span>
                </>
              ) : null}
              {" · "}
              {formatDateTime(br.createdAt)}
            </span>
            <span className="tt-branch-links">
              <Link href={conversationHref(br.id)} aria-label={`Open ${br.kind} “${br.title ?? "Untitled"}”`}>
                Open
              </Link>
              <Link
                href={compareHref(id, br.id)}
                aria-label={`Compare with ${br.kind} “${br.title ?? "Untitled"}”`}
                data-testid="branch-compare"
              >
                Compare
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
