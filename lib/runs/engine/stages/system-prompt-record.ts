/**
 * The system prompt as the model saw it, recorded only when its rendering changed: the hash is
 * SHA-256 over the ordered (dynamicRef, content) pairs; the first run of an agent in a
 * conversation records it, an unchanged rendering records nothing, and no system parts record
 * nothing. The last hash is re-read from the log, so a restart does not re-record.
 */
import { createHash } from "node:crypto";
import type { EventData } from "../../../events/event-types";

export type SystemPromptParts = EventData["LlmSystemPromptEvent"]["parts"];

export function systemPromptHash(parts: SystemPromptParts): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(JSON.stringify([p.dynamicRef, p.content]));
  return h.digest("hex");
}

/** The event to record, or null when nothing changed since `lastHash`. */
export function systemPromptRecord(
  parts: SystemPromptParts,
  lastHash: string | null,
): EventData["LlmSystemPromptEvent"] | null {
  if (parts.length === 0) return null;
  const contentHash = systemPromptHash(parts);
  return contentHash === lastHash ? null : { parts, contentHash };
}
