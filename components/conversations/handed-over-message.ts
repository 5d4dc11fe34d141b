/**
 * A first message handed to a conversation page by the page that created the conversation (the
 * Home page's demo buttons), taken once (tab-handoff.ts): the conversation page sends it with its
 * own streaming send, and a reload never sends it twice.
 */
import { tabHandoff } from "./tab-handoff";

const handedOver = tabHandoff("handedOver");

export const handOverMessage = handedOver.leave;
export const takeHandedOverMessage = handedOver.take;
