"use client";
/**
 * TanStack Query hooks over the compaction API: what the model sees next in a conversation, compact
 * and clear it (the new event goes into the conversation's events, so its transcript shows the fold
 * at once), and the compaction browser's list and detail.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { conversationKeys, mergeEvents } from "@/components/conversations/conversation-queries";
import { compactionsApi } from "@/lib/api/contracts/compactions.shared";
import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import type { RequestOf } from "@/lib/api/contract.shared";
import type { BrowserStrategy } from "@/lib/runs/read-models/compactions/compaction-views.shared";
import type { EventsPage, StoredEvent } from "@/lib/events/event-types.shared";

export type {
  CompactionDetail,
  CompactionSummary,
  NextContextView,
} from "@/lib/runs/read-models/compactions/compaction-views.shared";

export interface CompactionFilters {
  agentId?: string;
  conversationId?: string;
  strategy?: BrowserStrategy;
  /** `YYYY-MM-DD` (from the start of that UTC day). */
  from?: string;
  /** `YYYY-MM-DD` (to the end of that UTC day). */
  to?: string;
}

export const compactionKeys = {
  all: ["compactions"] as const,
  list: (f: CompactionFilters) => ["compactions", "list", f] as const,
  detail: (id: string) => ["compactions", id] as const,
  next: (conversationId: string) => ["conversations", conversationId, "next-context"] as const,
};

type CompactionsQuery = NonNullable<RequestOf<typeof compactionsApi.list>["query"]>;

/** The list's query: the filters set, dates widened to whole UTC days. */
export function compactionsQuery(f: CompactionFilters): CompactionsQuery {
  return {
    agentId: f.agentId || undefined,
    conversationId: f.conversationId || undefined,
    strategy: f.strategy || undefined,
    from: f.from ? `${f.from}T00:00:00.000Z` : undefined,
    to: f.to ? `${f.to}T23:59:59.999Z` : undefined,
  };
}

/**
 * What the next request of the conversation carries; asked again whenever the conversation's log
 * has grown — not while a run streams (`enabled: false` keeps the last answer until it is over).
 */
export function useNextContext(conversationId: string, lastSeq: number, enabled = true) {
  return useQuery({
    queryKey: [...compactionKeys.next(conversationId), lastSeq],
    queryFn: () => apiFetch(conversationsApi.nextContext, { params: { id: conversationId } }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

function afterFold(qc: QueryClient, conversationId: string, res: { event: StoredEvent }) {
  qc.setQueryData<EventsPage>(conversationKeys.events(conversationId), (p) => (p ? mergeEvents(p, [res.event]) : p));
  void qc.invalidateQueries({ queryKey: conversationKeys.detail(conversationId), exact: true });
  void qc.invalidateQueries({ queryKey: compactionKeys.next(conversationId) });
  void qc.invalidateQueries({ queryKey: compactionKeys.all });
}

export function useCompactConversation(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (strategy: "summarize" | "sliding_window" | null) =>
      apiFetch(conversationsApi.compact, { params: { id: conversationId }, body: strategy ? { strategy } : {} }),
    onSuccess: (res) => afterFold(qc, conversationId, res),
  });
}

export function useClearConversation(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(conversationsApi.clear, { params: { id: conversationId } }),
    onSuccess: (res) => afterFold(qc, conversationId, res),
  });
}

export function useCompactions(filters: CompactionFilters) {
  return useQuery({
    queryKey: compactionKeys.list(filters),
    queryFn: () => apiFetch(compactionsApi.list, { query: compactionsQuery(filters) }),
  });
}

export function useCompaction(id: string) {
  return useQuery({
    queryKey: compactionKeys.detail(id),
    queryFn: () => apiFetch(compactionsApi.get, { params: { id } }),
  });
}
