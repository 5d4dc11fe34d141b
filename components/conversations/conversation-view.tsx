"use client";
/**
 * One conversation, live: the transcript folded from its events (answers stream in as markdown),
 * the active model with its roster switch, its context values (fixed at its start), and the composer. Opened while a run is going, it
 * follows the run from the last event it loaded.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { ApiClientError, apiFetch } from "@/components/api/api-client";
import { agentKeys } from "@/components/agents/agent-queries";
import { PageHeader } from "@/components/shell/page-header";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useCan, useViewer } from "@/components/shell/viewer-context";
import { AddToDatasetDialog } from "@/components/evals/add-to-dataset-dialog";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { NextContextPanel } from "@/components/compactions/next-context-panel";
import { formatCost } from "@/components/runs/usage-format";
import { AgentVersionSwitcher } from "./agent-version-switcher";
import { Composer } from "./composer";
import { ConversationActions } from "./conversation-actions";
import { FilesPanel, workspaceWriteMark } from "./files-panel";
import { mayManage, pageTitle } from "./conversation-list-view";
import { suggestedPromptsOf } from "./suggested-prompts";
import { takeHandedOverMessage } from "./handed-over-message";
import { ConversationContextBar } from "./conversation-context";
import { useLiveConversation } from "./conversation-queries";
import { ModelSwitcher } from "./model-switcher";
import { TranscriptView } from "./transcript-view";
import { BranchOrigin } from "./branches/branch-origin";
import { ForkDialog, type ForkTarget } from "./branches/fork-dialog";
import { forkPointsOf } from "./branches/fork-points";
import { ReplayAction } from "./branches/replay-dialog";
import { useScrollToSeqAnchor } from "./branches/use-seq-anchor";
import type { Transcript } from "@/lib/events/transcript-types.shared";
import { addUsage, zeroUsage } from "@/lib/events/usage-counters.shared";
import "./conversations.css";

function totals(t: Transcript) {
  const runs = Object.values(t.runs);
  const { costNanoUsd: cost, totalTokens: tokens, requests } = runs.reduce((s, r) => addUsage(s, r.usage), zeroUsage());
  const unpriced = runs.filter((r) => r.usage.priced !== "all").length;
  const fullyUnpriced =
    runs.length > 0 && runs.every((r) => r.usage.priced === "none" || r.usage.requests === 0) && unpriced > 0;
  return {
    runs: runs.length,
    cost: formatCost(cost, fullyUnpriced ? "none" : unpriced ? "some" : "all"),
    tokens,
    requests,
  };
}

/** Which agent version each run ran, for the run blocks' heads. */
function runVersions(runs: ReadonlyArray<{ id: string; agentVersion: number | null }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of runs) if (r.agentVersion !== null) out[r.id] = r.agentVersion;
  return out;
}

/** Keeps the window scrolled to the newest content while the reader is at the bottom. */
function useStickToBottom(dep: unknown) {
  const atBottom = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      atBottom.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 80;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useLayoutEffect(() => {
    if (atBottom.current) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [dep]);
}

/** The prompts the conversation's agent version suggests (none while they load, or when it has none). */
function useSuggestedPrompts(agentId: string | undefined, version: number | undefined, wanted: boolean) {
  const q = useQuery({
    queryKey: agentKeys.version(agentId ?? "", version ?? 0),
    queryFn: () => apiFetch(agentsApi.version, { params: { id: agentId!, n: version! } }),
    enabled: wanted && Boolean(agentId && version),
    staleTime: Infinity,
  });
  return suggestedPromptsOf(q.data?.agent);
}

const DESCRIPTION = "Answers stream in with every tool call, its usage and cost.";

export function ConversationView({
  id,
  canSend,
  canSwitch,
  viewerId,
}: {
  id: string;
  canSend: boolean;
  canSwitch: boolean;
  /** Who is looking (their own conversation offers rename and delete; an admin's, every one). */
  viewerId: string | null;
}) {
  const router = useRouter();
  const viewer = useViewer();
  const live = useLiveConversation(id);
  const { conversation, events, transcript } = live;
  const sum = useMemo(() => totals(transcript), [transcript]);
  useStickToBottom(transcript);
  const c = conversation.data;
  const firstMessage =
    transcript.entries.find((e): e is Extract<typeof e, { kind: "user" }> => e.kind === "user")?.text ??
    live.optimistic?.text ??
    null;
  const title = c ? pageTitle(c, firstMessage) : null;
  useDocumentTitle(title ?? (conversation.isError ? "Conversation not found" : null));
  const empty = transcript.entries.length === 0 && !live.optimistic;
  const suggestions = useSuggestedPrompts(c?.agentId, c?.agentVersion, canSend && empty);
  // A first message handed over by the page that started the conversation (Home's demo buttons).
  const loaded = Boolean(c) && events.isSuccess;
  const send = live.send;
  const forkPoints = useMemo(() => forkPointsOf(events.data?.events ?? []), [events.data]);
  const [forkTarget, setForkTarget] = useState<ForkTarget | null>(null);
  const canAuthor = useCan("author");
  const [addTurn, setAddTurn] = useState<number | null>(null);
  useScrollToSeqAnchor(loaded);
  useEffect(() => {
    if (!loaded || !canSend || !empty) return;
    const text = takeHandedOverMessage(id);
    if (text) send({ content: text });
  }, [loaded, canSend, empty, id, send]);

  if (conversation.isPending || events.isPending)
    return (
      <>
        <PageHeader title="Conversation" description={DESCRIPTION} />
        <p className="muted" role="status">
          Loading…
        </p>
      </>
    );
  const loadError = conversation.error ?? events.error;
  if (loadError || !c) {
    return (
      <>
        <PageHeader title="Conversation" />
        <div className="empty">
          <p className="error" role="alert">
            {loadError instanceof ApiClientError && loadError.status === 404
              ? "No such conversation: it may have been deleted."
              : `Could not load the conversation: ${loadError?.message ?? "no answer"}`}
          </p>
          <Link href="/conversations">Back to conversations</Link>
        </div>
      </>
    );
  }
  const canManage = canSend && mayManage({ id: viewerId, roles: viewer.roles }, c.createdById);
  const onCanvas = (
    <Link className="btn small" href={`/conversations/${encodeURIComponent(id)}/canvas`} data-testid="show-on-canvas">
      Show on canvas
    </Link>
  );
  return (
    <div className="cv" data-testid="conversation">
      <PageHeader
        title={title!}
        description={DESCRIPTION}
        actions={
          canManage ? (
            <ConversationActions
              id={id}
              title={title!}
              hasTitle={c.title !== null}
              compact
              onDeleted={() => router.push("/conversations")}
            >
              {onCanvas}
              <ReplayAction conversation={c} compact />
            </ConversationActions>
          ) : (
            <div className="cv-actions">
              {onCanvas}
              {canSend ? <ReplayAction conversation={c} compact /> : null}
            </div>
          )
        }
      />
      <div className="cv-bar">
        <AgentVersionSwitcher
          conversationId={id}
          agentId={c.agentId}
          agentName={c.agentName}
          agentVersion={c.agentVersion}
          latestVersion={c.latestVersion}
          canMove={canSwitch}
          busy={live.busy}
        />
        <ModelSwitcher conversationId={id} model={c.model} roster={c.roster} canSwitch={canSwitch} busy={live.busy} />
        <span className="muted small cv-totals" data-testid="conversation-totals">
          {sum.runs} run{sum.runs === 1 ? "" : "s"} · {sum.tokens.toLocaleString("en-US")} tokens
          {sum.requests ? ` · ${sum.cost}` : ""}
        </span>
        {live.tailing && live.tailPhase !== "idle" ? (
          <span
            className={live.tailPhase === "retrying" ? "pill warn" : "pill status-running"}
            data-testid="live-indicator"
            data-phase={live.tailPhase}
          >
            {live.tailPhase === "retrying" ? "reconnecting…" : "following the run"}
          </span>
        ) : null}
      </div>
      <ConversationContextBar context={c.context} />
      <BranchOrigin id={id} />

      {empty ? (
        <div className="empty cv-empty">
          <h2>No messages yet</h2>
          <p className="muted">
            {canSend
              ? `Ask ${c.agentName} something: answers stream in here, with every tool call it makes.`
              : "Nothing has been said in this conversation yet."}
          </p>
          {canSend && suggestions.length ? (
            <>
              <p className="small" id="cv-suggestions-label">
                Or start with one of {c.agentName}&rsquo;s suggestions:
              </p>
              <ul className="cv-suggestions" aria-labelledby="cv-suggestions-label" data-testid="suggested-prompts">
                {suggestions.map((p) => (
                  <li key={p}>
                    <button
                      type="button"
                      className="btn"
                      disabled={live.busy}
                      onClick={() => live.send({ content: p })}
                    >
                      {p}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <TranscriptView
          transcript={transcript}
          optimistic={live.optimistic?.text ?? null}
          runVersions={runVersions(c.runs)}
          forks={{ points: forkPoints, onFork: canSend ? setForkTarget : undefined }}
          onAddToDataset={canAuthor ? setAddTurn : undefined}
        />
      )}

      {live.streamError ? (
        <p className="error" role="alert" data-testid="stream-error">
          {live.streamError}
        </p>
      ) : null}

      {forkTarget ? <ForkDialog conversation={c} target={forkTarget} onClose={() => setForkTarget(null)} /> : null}
      {addTurn !== null ? (
        <AddToDatasetDialog conversationId={id} turn={addTurn} onClose={() => setAddTurn(null)} />
      ) : null}

      <FilesPanel conversationId={id} writeMark={workspaceWriteMark(events.data?.events ?? [])} />
      <NextContextPanel conversationId={id} canCompact={canSend} lastSeq={events.data?.lastSeq ?? 0} />

      <Composer
        conversationId={id}
        canSend={canSend}
        busy={live.busy}
        error={live.sendError}
        onSend={(input, restore) =>
          live.send(input, {
            onError: (err) => {
              // Refused before any run started: the text goes back into the box.
              if (err instanceof ApiClientError) restore();
            },
          })
        }
      />
    </div>
  );
}
