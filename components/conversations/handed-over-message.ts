/**
 * A first message handed to a conversation page by the page that created the conversation (the
 * Home page's demo buttons): kept in this tab's sessionStorage under the conversation's id, taken
 * once — so the conversation page sends it with its own streaming send, and a reload never sends
 * it twice.
 */
const KEY = (id: string) => `atelier.handedOver.${id}`;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function store(): Store | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function handOverMessage(conversationId: string, text: string, s: Store | null = store()): void {
  s?.setItem(KEY(conversationId), text);
}

/** The message handed over for this conversation, removed as it is read (null: none). */
export function takeHandedOverMessage(conversationId: string, s: Store | null = store()): string | null {
  const text = s?.getItem(KEY(conversationId)) ?? null;
  if (text !== null) s?.removeItem(KEY(conversationId));
  return text && text.trim() ? text : null;
}
