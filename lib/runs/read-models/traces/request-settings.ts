/**
 * A model's settings as an agent version declares them: the entry of the version's model, its
 * roster or a fallback chain whose `provider:model` is the one asked for (or the one that
 * answered). Read leniently from the stored JSON: a version saved by an older studio may lack a
 * field, which then reads as null.
 */
import type { RequestSettings } from "./model-request.shared";

type Entry = Record<string, unknown>;

const isEntry = (v: unknown): v is Entry => !!v && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);

function entries(config: unknown): Entry[] {
  if (!isEntry(config)) return [];
  const primaries = [config.model, ...(Array.isArray(config.roster) ? config.roster : [])].filter(isEntry);
  const fallbacks = primaries.flatMap((p) => (Array.isArray(p.fallbackModels) ? p.fallbackModels.filter(isEntry) : []));
  return [...primaries, ...fallbacks];
}

/** The settings of the entry `provider:model` in a version's configuration; null when it has none. */
export function settingsFor(config: unknown, key: string): RequestSettings | null {
  const entry = entries(config).find((e) => `${String(e.provider)}:${String(e.model)}` === key);
  if (!entry) return null;
  const maxTokens = int(entry.maxTokens);
  return {
    model: key,
    temperature: num(entry.temperature),
    maxTokens: maxTokens !== null && maxTokens >= 0 ? maxTokens : null,
    seed: int(entry.seed),
    reasoningEffort: typeof entry.reasoningEffort === "string" ? entry.reasoningEffort : null,
  };
}
