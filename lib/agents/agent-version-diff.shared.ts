/**
 * What changed between two agent versions (README "Versions"): the prompt template as text (the
 * view diffs it line by line), every other field by its path. Two versions with no change are the
 * same configuration: a save equal to the latest version creates no new one.
 */
import type { VersionConfig } from "./agent-version-config.shared";

export interface VersionChange {
  /** Dotted path of the field (`runLimits.requestLimit`, `roster.1.temperature`, `tools.0`). */
  path: string;
  /** The value in the older version (undefined: absent). */
  before: unknown;
  after: unknown;
}

/** Fields that are not configuration: the names of the tools at save are shown, never compared. */
const NOT_COMPARED = new Set(["toolNames"]);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Canonical JSON: object keys sorted at every depth, undefined members dropped. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v === undefined ? null : v)).join(",")}]`;
  if (!isObject(value)) return JSON.stringify(value) ?? "null";
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
}

/** Lists compared entry by entry: every top-level list, and the context schema's fields; deeper lists whole. */
const isListByEntry = (path: string[]) => path.length === 1 || path.join(".") === "contextSchema.fields";

function walk(before: unknown, after: unknown, path: string[], out: VersionChange[]) {
  if (canonical(before) === canonical(after)) return;
  // Objects are compared member by member; a tool entry or a model is compared whole below its list.
  if (isObject(before) && isObject(after) && path[0] !== "tools") {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort())
      walk(before[key], after[key], [...path, key], out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && isListByEntry(path)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      walk(before[i], after[i], [...path, String(i)], out);
    return;
  }
  out.push({ path: path.join("."), before, after });
}

/** A version saved before a field existed (context schema, suggested prompts), read with that field's default (no change to show or count). */
function withDefaults(config: VersionConfig): VersionConfig {
  return {
    ...config,
    contextSchema: config.contextSchema ?? { fields: [] },
    suggestedPrompts: config.suggestedPrompts ?? [],
    skills: config.skills ?? [],
    toolMode: config.toolMode ?? "native",
    responseFields: config.responseFields ?? [],
  };
}

/** The changes from `before` to `after`, in a stable order (prompt first, then by path). */
export function diffVersionConfigs(olderConfig: VersionConfig, newerConfig: VersionConfig): VersionChange[] {
  const before = withDefaults(olderConfig);
  const after = withDefaults(newerConfig);
  const out: VersionChange[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !NOT_COMPARED.has(k));
  const order = (k: string) => (k === "prompt" ? "0" : k === "description" ? "1" : `2${k}`);
  for (const key of keys.sort((a, b) => order(a).localeCompare(order(b))))
    walk((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], [key], out);
  return out;
}

export function sameVersionConfig(a: VersionConfig, b: VersionConfig): boolean {
  return diffVersionConfigs(a, b).length === 0;
}

/** A line diff of two texts (the prompt template): each line kept, removed or added, in order. */
export function diffLines(before: string, after: string): Array<{ kind: "same" | "removed" | "added"; text: string }> {
  const a = before.split("\n");
  const b = after.split("\n");
  // Longest common subsequence table, from the end.
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: Array<{ kind: "same" | "removed" | "added"; text: string }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ kind: "removed", text: a[i++] });
    else out.push({ kind: "added", text: b[j++] });
  }
  while (i < a.length) out.push({ kind: "removed", text: a[i++] });
  while (j < b.length) out.push({ kind: "added", text: b[j++] });
  return out;
}
