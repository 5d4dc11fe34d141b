/**
 * The model roster (lib/agents/README.md, Rules). `model` takes one
 * config (a single-model agent: roster [], switching unavailable) or a list (element 0 active, the
 * whole list the roster). Four rules, each with its own message.
 */
import type { ModelConfig } from "../models/model-config.shared";
import { modelRosterKey } from "../models/providers.shared";

export interface NormalizedRoster {
  /** The active model — always one config once normalised. */
  model: ModelConfig;
  /** The declared roster in declaration order, active entry included; [] for a single-model agent. */
  roster: ModelConfig[];
}

export interface RosterIssue {
  /** Path inside the agent input (e.g. ["model", 2, "model"]). */
  path: (string | number)[];
  message: string;
}

export const EMPTY_MODEL_LIST_MESSAGE = "an agent needs at least one model: the model list is empty";
export const LIST_AND_ROSTER_MESSAGE =
  "pass either a model list or an explicit roster, not both: the roster is derived from the list";

export function duplicateKeyMessage(key: string): string {
  return `duplicate roster key '${key}': two entries with one key would make a switch request ambiguous`;
}

export function activeNotInRosterMessage(key: string, roster: readonly ModelConfig[]): string {
  return `the active model '${key}' is not in the roster; available keys: ${roster.map(modelRosterKey).join(", ")}`;
}

/** Duplicate keys, each named, at the path of its repeated entry. */
export function validateUniqueRosterKeys(
  roster: readonly ModelConfig[],
  field: "model" | "roster" = "roster",
): RosterIssue[] {
  const seen = new Set<string>();
  const issues: RosterIssue[] = [];
  roster.forEach((m, i) => {
    const key = modelRosterKey(m);
    if (seen.has(key)) issues.push({ path: [field, i, "model"], message: duplicateKeyMessage(key) });
    seen.add(key);
  });
  return issues;
}

/** The rules, checked on the raw input shape (before normalisation). */
export function rosterIssues(model: ModelConfig | ModelConfig[], roster: ModelConfig[] | undefined): RosterIssue[] {
  if (Array.isArray(model)) {
    if (model.length === 0) return [{ path: ["model"], message: EMPTY_MODEL_LIST_MESSAGE }];
    if (roster !== undefined && roster.length > 0) return [{ path: ["roster"], message: LIST_AND_ROSTER_MESSAGE }];
    return validateUniqueRosterKeys(model, "model");
  }
  if (!roster || roster.length === 0) return [];
  const issues = validateUniqueRosterKeys(roster, "roster");
  const key = modelRosterKey(model);
  if (!roster.some((m) => modelRosterKey(m) === key))
    issues.push({ path: ["model"], message: activeNotInRosterMessage(key, roster) });
  return issues;
}

/**
 * Folds the input into the stored shape: a list becomes element 0 active + the whole list as the
 * roster. Call after `rosterIssues` returned nothing.
 */
export function normalizeModelRoster(
  model: ModelConfig | ModelConfig[],
  roster: ModelConfig[] | undefined,
): NormalizedRoster {
  if (Array.isArray(model)) return { model: model[0], roster: [...model] };
  if (!roster || roster.length === 0) return { model, roster: [] };
  // A roster entry is installed wholesale: the active config is the roster entry with its key.
  const key = modelRosterKey(model);
  return { model: roster.find((m) => modelRosterKey(m) === key) ?? model, roster: [...roster] };
}
