"use client";
/** TanStack Query hooks over the conversations HTTP API. */
import { useQuery } from "@tanstack/react-query";
import type { ConversationSummary } from "@/lib/db/list-conversations";
import { apiFetch } from "@/components/api/api-client";

export const conversationKeys = {
  list: ["conversations"] as const,
};

export function useConversations() {
  return useQuery({
    queryKey: conversationKeys.list,
    queryFn: () => apiFetch<{ conversations: ConversationSummary[] }>("/api/conversations"),
  });
}
