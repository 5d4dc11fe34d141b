"use client";
/**
 * Two conversations compared turn by turn (`timeTravelApi.compare`). Kept under the left
 * conversation's key, so whatever refreshes that conversation refreshes the comparison; polled
 * while a turn of either side is still open.
 */
import { useQuery } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/components/api/api-client";
import { timeTravelApi } from "@/lib/api/contracts/time-travel.shared";
import type { ConversationComparison } from "@/lib/runs/read-models/branches/branch-views.shared";

export const compareKeys = {
  pair: (id: string, otherId: string) => ["conversations", id, "compare", otherId] as const,
};

/** A turn of either side still runs (or waits for an approval). */
export function hasOpenTurn(c: ConversationComparison | undefined): boolean {
  return !!c?.turns.some((t) => (t.left && t.left.latencyMs === null) || (t.right && t.right.latencyMs === null));
}

export function useConversationComparison(id: string, otherId: string) {
  return useQuery({
    queryKey: compareKeys.pair(id, otherId),
    queryFn: ({ signal }) => apiFetch(timeTravelApi.compare, { params: { id, otherId }, signal }),
    refetchInterval: (query) => (hasOpenTurn(query.state.data) ? 2000 : false),
    // A 404 does not go away by asking again.
    retry: (count, error) => count < 1 && !(error instanceof ApiClientError && error.status === 404),
  });
}
