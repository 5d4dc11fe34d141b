/**
 * The message a "Fork from here" on a user message puts back into the new conversation's composer:
 * kept in this tab's sessionStorage under the new conversation's id and taken once, so the
 * composer shows it for editing (never sends it) and a reload finds the box as the user left it.
 */
const KEY = (id: string) => `atelier.forkDraft.${id}`;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function store(): Store | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function leaveForkDraft(conversationId: string, text: string, s: Store | null = store()): void {
  if (text.trim()) s?.setItem(KEY(conversationId), text);
}

/** The draft left for this conversation, removed as it is read (null: none). */
export function takeForkDraft(conversationId: string, s: Store | null = store()): string | null {
  const text = s?.getItem(KEY(conversationId)) ?? null;
  if (text !== null) s?.removeItem(KEY(conversationId));
  return text && text.trim() ? text : null;
}
