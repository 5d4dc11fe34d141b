"use client";
/**
 * A conversation's run drawn on the canvas (/conversations/{id}/canvas): the graph of the versions
 * it runs, read-only, with the run over it — live while it goes (the conversation page's own event
 * tail), and replayed with the timeline scrubber afterwards. No composer: the conversation page is
 * one link away.
 */
import Link from "next/link";
import { useState } from "react";
import { ApiClientError } from "@/components/api/api-client";
import { CanvasView } from "@/components/canvas/canvas-view";
import { pageTitle } from "@/components/conversations/conversation-list-view";
import { PageHeader } from "@/components/shell/page-header";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { RunNodePanel } from "./run-node-panel";
import { TimelineScrubber } from "./timeline-scrubber";
import { useCanvasRun } from "./use-canvas-run";
import "./canvas-run.css";

const DESCRIPTION = "The graph this conversation runs, with its run drawn on it: live, and replayable event by event.";

export function ConversationCanvas({ id }: { id: string }) {
  const run = useCanvasRun(id);
  const [selected, setSelected] = useState<string | null>(null);
  const { conversation } = run.live;
  const c = conversation.data;
  const firstMessage =
    run.live.transcript.entries.find((e): e is Extract<typeof e, { kind: "user" }> => e.kind === "user")?.text ?? null;
  const title = c ? pageTitle(c, firstMessage) : null;
  useDocumentTitle(title ? `${title} · canvas` : conversation.isError ? "Conversation not found" : null);
  const back = (
    <Link className="btn small" href={`/conversations/${encodeURIComponent(id)}`} data-testid="canvas-back">
      Back to the conversation
    </Link>
  );

  const loadError = conversation.error ?? run.live.events.error ?? run.canvas.error;
  if (loadError) {
    return (
      <>
        <PageHeader title="Run on canvas" actions={back} />
        <p className="error" role="alert">
          {loadError instanceof ApiClientError && loadError.status === 404
            ? "No such conversation: it may have been deleted."
            : `Could not load the run: ${loadError.message}`}
        </p>
      </>
    );
  }
  if (!c || !run.canvas.data || run.live.events.isPending) {
    return (
      <>
        <PageHeader title="Run on canvas" description={DESCRIPTION} actions={back} />
        <p className="muted" role="status">
          Loading…
        </p>
      </>
    );
  }
  const { graph, version } = run.canvas.data;
  const following = run.timeline.at === null;
  const live = run.live.tailing && run.live.tailPhase !== "idle";
  return (
    <div className="cr" data-testid="conversation-canvas">
      <PageHeader title={title ?? "Run on canvas"} description={DESCRIPTION} actions={back} />
      <div className="cr-bar">
        <span>
          <Link href={`/agents/${encodeURIComponent(c.agentId)}`} className="mono">
            {c.agentName}
          </Link>{" "}
          <span className="muted small">v{version}</span>
        </span>
        {live ? (
          <span
            className={run.live.tailPhase === "retrying" ? "pill warn" : "pill status-running"}
            data-testid="live-indicator"
            data-phase={run.live.tailPhase}
          >
            {run.live.tailPhase === "retrying" ? "reconnecting…" : "following the run"}
          </span>
        ) : null}
        {!following ? (
          <span className="pill" data-testid="replay-indicator">
            replaying
          </span>
        ) : null}
        {run.runState.held.length ? (
          <span className="pill status-pending" data-testid="held-count">
            {run.runState.held.length} held for approval
          </span>
        ) : null}
      </div>
      <div className="canvas-main cr-main">
        <CanvasView
          graph={graph}
          runState={run.runState}
          readOnly
          selectedNodeId={selected}
          onSelectNode={setSelected}
          label="Canvas of the conversation's run"
        />
        <RunNodePanel
          graph={graph}
          runState={run.runState}
          selectedId={selected}
          onSelect={setSelected}
          following={following}
        />
      </div>
      <TimelineScrubber
        events={run.events}
        seqs={run.seqs}
        timeline={run.timeline}
        shown={run.shown}
        dispatch={run.dispatch}
      />
    </div>
  );
}
