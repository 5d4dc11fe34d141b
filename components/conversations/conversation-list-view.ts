/**
 * The conversations list's view logic, without React: the query a set of filters sends, the words
 * a conversation is shown by, who may rename or delete it, and the page range line.
 */
import type { Role } from "@/lib/auth/roles.shared";
import type { ConversationListQuery } from "@/lib/runs/read-models/conversations/conversation-list.shared";
import type { ConversationStatus } from "@/lib/runs/read-models/conversations/conversation-views.shared";

export interface ListFilters {
  q: string;
  agentId: string;
  status: ConversationStatus | "";
  from: string;
  to: string;
  page: number;
}

export const NO_FILTERS: ListFilters = { q: "", agentId: "", status: "", from: "", to: "", page: 1 };

/** Only the filters that are set (an empty box filters nothing); the page when past the first. */
export function listQuery(f: ListFilters, pageSize: number): ConversationListQuery {
  const q: ConversationListQuery = { pageSize };
  if (f.q.trim()) q.q = f.q.trim();
  if (f.agentId) q.agentId = f.agentId;
  if (f.status) q.status = f.status;
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.page > 1) q.page = f.page;
  return q;
}

export function hasFilters(f: ListFilters): boolean {
  return Boolean(f.q.trim() || f.agentId || f.status || f.from || f.to);
}

/** Its title; before its first message, never a raw id: "New conversation with <agent>". */
export function conversationTitle(c: { title: string | null; agentName: string }): string {
  return c.title?.trim() || `New conversation with ${c.agentName}`;
}

/**
 * The conversation page's title: its own; else its first message, as the server will name it (up
 * to 80 characters), so the heading follows the first send at once; else its agent's.
 */
export function pageTitle(c: { title: string | null; agentName: string }, firstMessage: string | null): string {
  if (c.title?.trim()) return c.title.trim();
  const text = (firstMessage ?? "").replace(/\s+/g, " ").trim();
  if (text) return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  return conversationTitle(c);
}

/** Its creator or an admin (the server decides again on every call). */
export function mayManage(viewer: { id: string | null; roles: readonly Role[] }, createdById: string | null): boolean {
  return viewer.roles.includes("admin") || (viewer.id !== null && createdById !== null && viewer.id === createdById);
}

/** "1–25 of 80" (or "none" for an empty page). */
export function pageRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return "none";
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return `${first}–${last} of ${total}`;
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
