"use client";
/**
 * TanStack Query hooks over the compaction API: what the model sees next in a conversation, compact
 * and clear it (the new event goes into the conversation's events, so its transcript shows the fold
 * at once), and the compaction browser's list and detail.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { legacyApiFetch } from "@/components/api/api-client";
import { conversationKeys, mergeEvents } from "@/components/conversations/conversation-queries";
import type { EventsPage, StoredEvent } from "@/components/conversations/event-types";
import type { CompactionDetail, CompactionSummary, NextContextView } from "@/lib/runs/compaction/views";

export type { CompactionDetail, CompactionSummary, NextContextView };

export interface CompactionFilters {
  agentId?: string;
  conversationId?: string;
  strategy?: "summarize" | "sliding_window" | "clear";
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

const conversationBase = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** The query string of the list: dates widened to whole UTC days. */
export function compactionsQuery(f: CompactionFilters): string {
  const q = new URLSearchParams();
  if (f.agentId) q.set("agentId", f.agentId);
  if (f.conversationId) q.set("conversationId", f.conversationId);
  if (f.strategy) q.set("strategy", f.strategy);
  if (f.from) q.set("from", `${f.from}T00:00:00.000Z`);
  if (f.to) q.set("to", `${f.to}T23:59:59.999Z`);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/**
 * What the next request of the conversation carries; asked again whenever the conversation's log
 * has grown — not while a run streams (`enabled: false` keeps the last answer until it is over).
 */
export function useNextContext(conversationId: string, lastSeq: number, enabled = true) {
  return useQuery({
    queryKey: [...compactionKeys.next(conversationId), lastSeq],
    queryFn: () => legacyApiFetch<{ context: NextContextView }>(`${conversationBase(conversationId)}/compact`),
    placeholderData: (previous) => previous,
    enabled,
  });
}

function afterFold(qc: QueryClient, conversationId: string, res: { event: StoredEvent; context: NextContextView }) {
  qc.setQueryData<EventsPage>(conversationKeys.events(conversationId), (p) => (p ? mergeEvents(p, [res.event]) : p));
  void qc.invalidateQueries({ queryKey: conversationKeys.detail(conversationId), exact: true });
  void qc.invalidateQueries({ queryKey: compactionKeys.next(conversationId) });
  void qc.invalidateQueries({ queryKey: compactionKeys.all });
}

export function useCompactConversation(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (strategy: "summarize" | "sliding_window" | null) =>
      legacyApiFetch<{
        event: StoredEvent;
        usage: StoredEvent | null;
        summarizerError: string | null;
        context: NextContextView;
      }>(`${conversationBase(conversationId)}/compact`, {
        method: "POST",
        body: JSON.stringify(strategy ? { strategy } : {}),
      }),
    onSuccess: (res) => afterFold(qc, conversationId, res),
  });
}

export function useClearConversation(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      legacyApiFetch<{ event: StoredEvent; context: NextContextView }>(`${conversationBase(conversationId)}/clear`, {
        method: "POST",
        body: "{}",
      }),
    onSuccess: (res) => afterFold(qc, conversationId, res),
  });
}

export function useCompactions(filters: CompactionFilters) {
  return useQuery({
    queryKey: compactionKeys.list(filters),
    queryFn: () => legacyApiFetch<{ compactions: CompactionSummary[] }>(`/api/compactions${compactionsQuery(filters)}`),
  });
}

export function useCompaction(id: string) {
  return useQuery({
    queryKey: compactionKeys.detail(id),
    queryFn: () => legacyApiFetch<{ compaction: CompactionDetail }>(`/api/compactions/${encodeURIComponent(id)}`),
  });
}
