"use client";
/**
 * One conversation, live: the transcript folded from its events (answers stream in as markdown),
 * the active model with its roster switch, its context values (fixed at its start), and the composer. Opened while a run is going, it
 * follows the run from the last event it loaded.
 */
import Link from "next/link";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { ApiClientError } from "@/components/api/api-client";
import { NextContextPanel } from "@/components/compactions/next-context-panel";
import { formatCost } from "@/components/runs/usage-format";
import { AgentVersionSwitcher } from "./agent-version-switcher";
import { Composer } from "./composer";
import { ConversationContextBar } from "./conversation-context";
import { useLiveConversation } from "./conversation-queries";
import { ModelSwitcher } from "./model-switcher";
import { TranscriptView } from "./transcript-view";
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

export function ConversationView({ id, canSend, canSwitch }: { id: string; canSend: boolean; canSwitch: boolean }) {
  const live = useLiveConversation(id);
  const { conversation, events, transcript } = live;
  const sum = useMemo(() => totals(transcript), [transcript]);
  useStickToBottom(transcript);

  if (conversation.isPending || events.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  const loadError = conversation.error ?? events.error;
  const c = conversation.data;
  if (loadError || !c) {
    return (
      <div className="empty">
        <p className="error" role="alert">
          {loadError instanceof ApiClientError && loadError.status === 404
            ? "No such conversation."
            : `Could not load the conversation: ${loadError?.message ?? "no answer"}`}
        </p>
        <Link href="/conversations">Back to conversations</Link>
      </div>
    );
  }
  const empty = transcript.entries.length === 0 && !live.optimistic;
  return (
    <div className="cv" data-testid="conversation">
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

      {empty ? (
        <div className="empty cv-empty">
          <h2>No messages yet</h2>
          <p className="muted">
            {canSend
              ? `Ask ${c.agentName} something: answers stream in here, with every tool call it makes.`
              : "Nothing has been said in this conversation yet."}
          </p>
        </div>
      ) : (
        <TranscriptView
          transcript={transcript}
          optimistic={live.optimistic?.text ?? null}
          runVersions={runVersions(c.runs)}
        />
      )}

      {live.streamError ? (
        <p className="error" role="alert" data-testid="stream-error">
          {live.streamError}
        </p>
      ) : null}

      <NextContextPanel conversationId={id} canCompact={canSend} lastSeq={events.data?.lastSeq ?? 0} />

      <Composer
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
