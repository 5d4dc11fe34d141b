/**
 * The choices of the fork and replay dialogs, as pure functions: the model keys a version offers,
 * which one is chosen by default, how a version is named in a list, and the request bodies sent
 * (lib/api/contracts/time-travel.shared.ts).
 */
import type { AgentVersionSummary } from "@/lib/agents/agent-versions.shared";
import type { ReplayToolResults } from "@/lib/runs/read-models/branches/branch-views.shared";

type Model = { provider: string; model: string };
const keyOf = (m: Model) => `${m.provider}:${m.model}`;

/** The roster keys of an agent version: its roster, or its one model for a single-model agent. */
export function rosterKeysOf(agent: { model: Model; roster: readonly Model[] }): string[] {
  return agent.roster.length ? agent.roster.map(keyOf) : [keyOf(agent.model)];
}

/** The model a dialog starts on: the conversation's current one when the version has it, else its first. */
export function defaultModel(keys: readonly string[], current: string): string {
  return keys.includes(current) ? current : (keys[0] ?? current);
}

/** "v3 · production, staging · latest (this conversation's)" */
export function versionOptionLabel(v: AgentVersionSummary, latest: boolean, current: number): string {
  const parts = [`v${v.version}`];
  if (v.labels.length) parts.push(v.labels.join(", "));
  if (latest) parts.push("latest");
  return parts.join(" · ") + (v.version === current ? " (this conversation's)" : "");
}

function trimmed(title: string): string | undefined {
  return title.trim() ? title.trim() : undefined;
}

export interface ForkChoice {
  atSeq: number;
  version: number;
  /** The chosen model; sent only when the version has a roster to choose from. */
  modelKey: string;
  rosterSize: number;
  title: string;
}

export function forkBody(c: ForkChoice) {
  return {
    atSeq: c.atSeq,
    version: c.version,
    ...(c.rosterSize > 0 && c.modelKey ? { modelKey: c.modelKey } : {}),
    ...(trimmed(c.title) ? { title: trimmed(c.title) } : {}),
  };
}

export interface ReplayChoice {
  /** `v:3` or `label:production`. */
  version: string;
  /** "" follows the original's model switches. */
  modelKey: string;
  toolResults: ReplayToolResults;
  title: string;
}

export function replayBody(c: ReplayChoice) {
  const which = c.version.startsWith("label:")
    ? { label: c.version.slice(6) }
    : { version: Number(c.version.slice(2)) };
  return {
    ...which,
    toolResults: c.toolResults,
    ...(c.modelKey ? { modelKey: c.modelKey } : {}),
    ...(trimmed(c.title) ? { title: trimmed(c.title) } : {}),
  };
}
