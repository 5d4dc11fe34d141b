"use client";
/**
 * The conversation page's way to the server: TanStack Query hooks for a conversation, its events,
 * creating one, switching its model and sending a message (answered as an event stream), and the
 * live tail (event-tail.ts) that follows a run still going when the page was opened. Stored events live in the
 * query cache (merged by seq); streamed answer text lives beside it until a stored message
 * replaces it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { apiFetch, apiUrl } from "@/components/api/api-client";
import { agentKeys } from "@/components/agents/agent-queries";
import { runKeys } from "@/components/runs/run-queries";
import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import type { RequestOf } from "@/lib/api/contract.shared";
import type { ConversationDetail } from "@/lib/runs/read-models/conversations/conversation-views.shared";
import type { ConversationListQuery } from "@/lib/runs/read-models/conversations/conversation-list.shared";
import { TextDeltaFrame, type EventsPage, type StoredEvent } from "@/lib/events/event-types.shared";
import type { Transcript } from "@/lib/events/transcript-types.shared";
import { errorFrom, isEventStream, streamCutAt, useEventTail, type Receive } from "./event-tail";
import { readEventStream } from "./sse";
import { activeRunStillRunning, buildTranscript, EMPTY_STREAM, streamReducer } from "./transcript";

export const conversationKeys = {
  /** Every page of the list (invalidate without `exact`). */
  list: ["conversations", "list"] as const,
  page: (q: ConversationListQuery) => ["conversations", "list", q] as const,
  detail: (id: string) => ["conversations", id] as const,
  events: (id: string) => ["conversations", id, "events"] as const,
};

/**
 * Adds events to the events held: each seq once, in seq order. `lastSeq` is the newest event held
 * (not what the server announced), so the next `?after=` asks for everything still missing; what
 * is held is the whole log up to it (`hasMore` false).
 */
export function mergeEvents(
  page: Pick<EventsPage, "events" | "lastSeq"> | undefined,
  events: readonly StoredEvent[],
): EventsPage {
  const bySeq = new Map<number, StoredEvent>();
  for (const e of page?.events ?? []) bySeq.set(e.seq, e);
  for (const e of events) bySeq.set(e.seq, e);
  const merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  const lastSeq = merged[merged.length - 1]?.seq ?? 0;
  return { events: merged, lastSeq, hasMore: false, nextAfter: lastSeq };
}

/**
 * Every stored event after `after`: asks page after page (`nextAfter`) until the server says
 * there is no more (`hasMore` false). The events route answers at most 1000 per page.
 */
export async function readEventsAfter(
  fetchPage: (after: number) => Promise<EventsPage>,
  after: number,
): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for (let from = after; ;) {
    const page = await fetchPage(from);
    events.push(...page.events);
    // A page that did not advance would ask for itself forever.
    if (!page.hasMore || page.nextAfter <= from) return events;
    from = page.nextAfter;
  }
}

/** One page of the conversations list; the previous page stays on screen while the next loads. */
export function useConversations(query: ConversationListQuery = {}) {
  return useQuery({
    queryKey: conversationKeys.page(query),
    queryFn: () => apiFetch(conversationsApi.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Renames a conversation (its creator or an admin). */
export function useRenameConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      apiFetch(conversationsApi.rename, { params: { id }, body: { title } }),
    onSuccess: (detail) => {
      qc.setQueryData<ConversationDetail>(conversationKeys.detail(detail.id), detail);
      void qc.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
}

/** Deletes a conversation (its creator or an admin); 409 while a run executes or waits for approval. */
export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(conversationsApi.remove, { params: { id } }),
    onSuccess: (_res, id) => {
      qc.removeQueries({ queryKey: conversationKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: conversationKeys.list });
      void qc.invalidateQueries({ queryKey: runKeys.list, exact: true });
    },
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKeys.detail(id),
    queryFn: () => apiFetch(conversationsApi.get, { params: { id } }),
    // A suspended run resumes when someone decides its approvals: look again now and then.
    refetchInterval: (q) => (q.state.data?.activeRun?.status === "suspended" ? 5_000 : false),
  });
}

/** All stored events, page by page; a refetch asks only for those after the newest one held. */
export function useConversationEvents(id: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.events(id),
    queryFn: async () => {
      const held = qc.getQueryData<EventsPage>(conversationKeys.events(id));
      const events = await readEventsAfter(
        (after) => apiFetch(conversationsApi.events, { params: { id }, query: { after } }),
        held?.lastSeq ?? 0,
      );
      return mergeEvents(qc.getQueryData<EventsPage>(conversationKeys.events(id)), events);
    },
  });
}

export function useCreateConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof conversationsApi.create>["body"]) =>
      apiFetch(conversationsApi.create, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: conversationKeys.list });
      void qc.invalidateQueries({ queryKey: agentKeys.list, exact: true });
    },
  });
}

export function useSwitchConversationModel(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiFetch(conversationsApi.switchModel, { params: { id }, body: { key } }),
    onSuccess: (res) => {
      const event = res.event;
      if (event) qc.setQueryData<EventsPage>(conversationKeys.events(id), (p) => mergeEvents(p, [event]));
      qc.setQueryData<ConversationDetail>(conversationKeys.detail(id), (d) => (d ? { ...d, model: res.model } : d));
      void qc.invalidateQueries({ queryKey: conversationKeys.detail(id) });
    },
  });
}

/**
 * Moves the conversation to another agent version ({version} or {label}) from its next run; the
 * AgentVersionChanged it appended joins the events. 409 while a run executes or waits.
 */
export function useChangeAgentVersion(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof conversationsApi.changeAgentVersion>["body"]) =>
      apiFetch(conversationsApi.changeAgentVersion, { params: { id }, body }),
    onSuccess: (res) => {
      const event = res.event;
      if (event) qc.setQueryData<EventsPage>(conversationKeys.events(id), (p) => mergeEvents(p, [event]));
      qc.setQueryData<ConversationDetail>(conversationKeys.detail(id), (d) =>
        d ? { ...d, agentVersion: res.agentVersion } : d,
      );
      void qc.invalidateQueries({ queryKey: conversationKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
}

export type SendInput = RequestOf<typeof conversationsApi.sendMessage>["body"];

function useSendMessage(id: string, receive: Receive) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, supersede }: SendInput) => {
      const body: SendInput = supersede ? { content, supersede: true } : { content };
      const res = await fetch(apiUrl(conversationsApi.sendMessage, { params: { id }, body }), {
        method: conversationsApi.sendMessage.method,
        headers: { accept: "text/event-stream", "content-type": "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
        cache: "no-store",
      });
      if (!res.ok || !res.body || !isEventStream(res)) throw await errorFrom(res);
      await readEventStream(res.body, receive);
    },
    onSettled: () => refreshAfterRun(qc, id),
  });
}

function refreshAfterRun(qc: QueryClient, id: string) {
  void qc.invalidateQueries({ queryKey: conversationKeys.detail(id), exact: true });
  void qc.invalidateQueries({ queryKey: conversationKeys.events(id), exact: true });
  void qc.invalidateQueries({ queryKey: conversationKeys.list });
  void qc.invalidateQueries({ queryKey: runKeys.list, exact: true });
}

export interface OptimisticMessage {
  text: string;
  afterSeq: number;
}

/**
 * Everything the conversation page shows, live: the detail, the transcript folded from the stored
 * events and the streamed text, sending, and the tail of a run that was already going.
 */
export function useLiveConversation(id: string) {
  const qc = useQueryClient();
  const conversation = useConversation(id);
  const events = useConversationEvents(id);
  const [stream, dispatch] = useReducer(streamReducer, EMPTY_STREAM);
  const pending = stream.pending;
  const [streamError, setStreamError] = useState<string | null>(null);
  const [optimistic, setOptimistic] = useState<OptimisticMessage | null>(null);
  const lastSeq = useRef(0);
  const loadedSeq = events.data?.lastSeq ?? 0;
  useEffect(() => {
    if (loadedSeq > lastSeq.current) lastSeq.current = loadedSeq;
  }, [loadedSeq]);

  const receive = useCallback<Receive>(
    (m) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(m.data);
      } catch {
        return;
      }
      if (m.event === "LlmTextDelta") {
        const d = TextDeltaFrame.safeParse(parsed);
        // Anchored to the newest stored event the stream delivered (`stream.anchor`), not to the log
        // fetched: a fetch can already hold events whose deltas the stream has not delivered yet.
        if (d.success && d.data.runId) dispatch({ kind: "delta", runId: d.data.runId, delta: d.data.delta });
        return;
      }
      if (m.event === "error") {
        // A stream cut off because this page fell behind: the tail picks up from the newest seq held.
        if (streamCutAt(m) !== null) return;
        const err = (parsed as { error?: { message?: string } }).error;
        setStreamError(err?.message ?? m.data);
        return;
      }
      const e = parsed as StoredEvent;
      if (typeof e?.seq !== "number" || typeof e.type !== "string") return;
      lastSeq.current = Math.max(lastSeq.current, e.seq);
      qc.setQueryData<EventsPage>(conversationKeys.events(id), (p) => mergeEvents(p, [e]));
      dispatch({ kind: "event", event: e });
      if (
        e.type === "RunStarted" ||
        e.type === "RunFinished" ||
        e.type === "ModelSwitched" ||
        e.type === "ApprovalRequested"
      ) {
        void qc.invalidateQueries({ queryKey: conversationKeys.detail(id), exact: true });
      }
    },
    [id, qc],
  );

  const send = useSendMessage(id, receive);
  const transcript: Transcript = useMemo(
    () => buildTranscript(events.data?.events ?? [], pending),
    [events.data, pending],
  );

  // Follow a run that is going (or about to conclude) when nothing else streams to us.
  const lastRun = [...transcript.entries].reverse().find((e) => e.kind === "run");
  const awaitingConclusion =
    lastRun?.kind === "run" &&
    lastRun.run.stopReason === "usage_limit" &&
    !lastRun.run.concludedBy &&
    lastRun.run.status !== "running";
  const serverSaysRunning = activeRunStillRunning(conversation.data?.activeRun, transcript);
  // A turn that hit its usage limit may be followed by a conclusion run: wait a little for it.
  const [graceFor, setGraceFor] = useState<string | null>(null);
  const limitedRun = awaitingConclusion && lastRun?.kind === "run" ? lastRun.run.runId : null;
  useEffect(() => {
    if (!limitedRun) return;
    setGraceFor(limitedRun);
    const t = setTimeout(() => setGraceFor(null), 10_000);
    return () => clearTimeout(t);
  }, [limitedRun]);
  const waitingForConclusion = limitedRun !== null && graceFor === limitedRun;
  const tailing =
    events.isSuccess && !send.isPending && (serverSaysRunning || transcript.running || waitingForConclusion);
  // A tail streams from where the page stands when it starts.
  useEffect(() => {
    if (tailing) dispatch({ kind: "anchor", seq: lastSeq.current });
  }, [tailing]);
  // The run may have ended while the tail was away: the detail says whether to go on.
  const tailDropped = useCallback(
    () => void qc.invalidateQueries({ queryKey: conversationKeys.detail(id), exact: true }),
    [qc, id],
  );
  const tailPhase = useEventTail(id, tailing, receive, lastSeq, tailDropped);

  // The detail knows of events we have not seen (a run resumed and finished between two looks):
  // fetch the ones after our newest.
  const serverSeq = conversation.data?.lastSeq ?? 0;
  const refetchEvents = events.refetch;
  useEffect(() => {
    if (!send.isPending && !tailing && serverSeq > lastSeq.current) void refetchEvents();
  }, [serverSeq, send.isPending, tailing, refetchEvents]);

  // A stored user message after the send replaces the optimistic one.
  const shownOptimistic =
    optimistic &&
    !(events.data?.events ?? []).some(
      (e) => e.seq > optimistic.afterSeq && e.type === "LlmMessageEvent" && e.data.role === "user",
    )
      ? optimistic
      : null;

  const sendMessage = useCallback(
    (input: SendInput, callbacks?: { onError?: (err: Error) => void }) => {
      setStreamError(null);
      setOptimistic({ text: input.content, afterSeq: lastSeq.current });
      dispatch({ kind: "anchor", seq: lastSeq.current });
      send.mutate(input, {
        onError: (err) => {
          setOptimistic(null);
          callbacks?.onError?.(err);
        },
        onSuccess: () => setOptimistic(null),
      });
    },
    [send],
  );

  return {
    conversation,
    events,
    transcript,
    pending,
    optimistic: shownOptimistic,
    send: sendMessage,
    sending: send.isPending,
    sendError: send.error,
    streamError,
    resetSendError: send.reset,
    tailing,
    tailPhase,
    busy: send.isPending || serverSaysRunning,
  };
}
