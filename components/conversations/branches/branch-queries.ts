"use client";
/**
 * Time travel's TanStack Query hooks (lib/api/contracts/time-travel.shared.ts): a conversation's
 * origin and branches, forking it, replaying it. A replay still queued or running is looked at again
 * every second and a half, and each look refreshes the conversation so its live tail follows the
 * replay's runs.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiClientError, apiFetch } from "@/components/api/api-client";
import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import type { RequestOf } from "@/lib/api/contract.shared";
import { timeTravelApi } from "@/lib/api/contracts/time-travel.shared";
import { conversationKeys } from "../conversation-queries";

export const branchKeys = {
  branches: (id: string) => ["conversations", id, "branches"] as const,
};

const REPLAY_POLL_MS = 1_500;

/** Where the conversation came from and what was made from it. */
export function useBranches(id: string) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: branchKeys.branches(id),
    queryFn: () => apiFetch(timeTravelApi.branches, { params: { id } }),
    // A refusal (no such conversation, no right to it) stays one; a server hiccup is asked again.
    retry: (n, err) => !(err instanceof ApiClientError && err.status < 500) && n < 2,
    refetchInterval: (query) => {
      const s = query.state.data?.replayOf?.status;
      return s === "queued" || s === "running" ? REPLAY_POLL_MS : false;
    },
  });
  // A replay going on writes events the page has not asked for: the detail says how far it is.
  const status = q.data?.replayOf?.status;
  const updated = q.dataUpdatedAt;
  useEffect(() => {
    if (!status) return;
    void qc.invalidateQueries({ queryKey: conversationKeys.detail(id), exact: true });
    if (status === "completed" || status === "failed")
      void qc.invalidateQueries({ queryKey: conversationKeys.events(id), exact: true });
  }, [qc, id, status, updated]);
  return q;
}

/** Another conversation's detail (an origin's title), without the live page's polling. */
export function useOtherConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ""),
    queryFn: () => apiFetch(conversationsApi.get, { params: { id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}

export type ForkBody = RequestOf<typeof timeTravelApi.fork>["body"];
export type ReplayBody = RequestOf<typeof timeTravelApi.replay>["body"];

function useRefreshAfterBranch(id: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: conversationKeys.list });
    void qc.invalidateQueries({ queryKey: branchKeys.branches(id), exact: true });
  };
}

/** Forks the conversation at a point (201 {id, forkedFrom}); 400 names the valid points, 409 a model not in the roster. */
export function useFork(id: string) {
  const refresh = useRefreshAfterBranch(id);
  return useMutation({
    mutationFn: (body: ForkBody) => apiFetch(timeTravelApi.fork, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** Queues a replay of the conversation as a new one (202 {id}). */
export function useReplay(id: string) {
  const refresh = useRefreshAfterBranch(id);
  return useMutation({
    mutationFn: (body: ReplayBody) => apiFetch(timeTravelApi.replay, { params: { id }, body }),
    onSuccess: refresh,
  });
}
