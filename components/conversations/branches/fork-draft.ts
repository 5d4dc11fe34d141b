/**
 * The message a "Fork from here" on a user message puts back into the new conversation's composer,
 * taken once (../tab-handoff.ts): the composer shows it for editing and never sends it.
 */
import { tabHandoff } from "../tab-handoff";

const draft = tabHandoff("forkDraft");

export const leaveForkDraft = draft.leave;
export const takeForkDraft = draft.take;
