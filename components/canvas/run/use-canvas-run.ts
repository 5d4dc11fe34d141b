"use client";
/**
 * A conversation's run on the canvas, live: the graph of the versions the conversation runs
 * (GET /api/canvas/conversations/:id), its events as the conversation page holds and follows them
 * (useLiveConversation: the same query cache and live tail, no second stream client), the timeline
 * (timeline-state.ts) and the run state folded up to the seq it shows (foldCanvasRun). A new turn
 * may run another agent version: the graph is asked again when one starts.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { apiFetch } from "@/components/api/api-client";
import { useLiveConversation } from "@/components/conversations/conversation-queries";
import { canvasApi } from "@/lib/api/contracts/canvas.shared";
import { foldCanvasRun, IDLE_RUN_STATE, runSeqs } from "@/lib/canvas/canvas-run-state.shared";
import type { StoredEvent } from "@/lib/events/event-types.shared";
import { INITIAL_TIMELINE, shownSeq, STEP_MS, timelineReducer } from "./timeline-state";

export const conversationCanvasKey = (id: string) => ["canvas", "conversation", id] as const;

const NO_EVENTS: readonly StoredEvent[] = [];

export function useConversationCanvas(id: string) {
  return useQuery({
    queryKey: conversationCanvasKey(id),
    queryFn: () => apiFetch(canvasApi.conversation, { params: { id } }),
  });
}

export function useCanvasRun(id: string) {
  const live = useLiveConversation(id);
  const canvas = useConversationCanvas(id);
  const events = live.events.data?.events ?? NO_EVENTS;
  const seqs = useMemo(() => runSeqs(events), [events]);
  const [timeline, dispatch] = useReducer(timelineReducer, INITIAL_TIMELINE);
  const graph = canvas.data?.graph ?? null;
  const runState = useMemo(
    () => (graph ? foldCanvasRun(graph, events, timeline.at ?? undefined) : IDLE_RUN_STATE),
    [graph, events, timeline.at],
  );

  // Playing: one event per STEP_MS / speed.
  useEffect(() => {
    if (!timeline.playing) return;
    const t = setTimeout(() => dispatch({ kind: "tick", seqs }), STEP_MS / timeline.speed);
    return () => clearTimeout(t);
  }, [timeline, seqs]);

  // A turn started after the page loaded: ask for the graph of the version it runs.
  const turns = useMemo(() => events.filter((e) => e.type === "RunStarted" && e.data.kind === "turn").length, [events]);
  const seenTurns = useRef<number | null>(null);
  const loaded = live.events.isSuccess;
  const refetchGraph = canvas.refetch;
  useEffect(() => {
    if (!loaded) return;
    if (seenTurns.current !== null && seenTurns.current !== turns) void refetchGraph();
    seenTurns.current = turns;
  }, [loaded, turns, refetchGraph]);

  return { live, canvas, events, seqs, timeline, dispatch, shown: shownSeq(timeline, seqs), runState };
}

export type CanvasRun = ReturnType<typeof useCanvasRun>;
