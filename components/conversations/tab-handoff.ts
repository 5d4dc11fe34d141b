/**
 * A text one page leaves for a conversation page in this tab's sessionStorage, under the
 * conversation's id and a slot name, taken once (removed as it is read) — so a reload never finds
 * it twice. The Home page hands a first message over to send (handed-over-message.ts); a fork from
 * a user message leaves its text for the new composer (branches/fork-draft.ts).
 */
export type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function sessionStore(): Store | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function tabHandoff(slot: string) {
  const key = (id: string) => `atelier.${slot}.${id}`;
  return {
    leave(conversationId: string, text: string, s: Store | null = sessionStore()): void {
      if (text.trim()) s?.setItem(key(conversationId), text);
    },
    /** The text left for this conversation, removed as it is read (null: none). */
    take(conversationId: string, s: Store | null = sessionStore()): string | null {
      const text = s?.getItem(key(conversationId)) ?? null;
      if (text !== null) s?.removeItem(key(conversationId));
      return text && text.trim() ? text : null;
    },
  };
}
