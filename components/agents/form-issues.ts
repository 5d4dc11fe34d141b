/**
 * Maps zod issues (dotted paths of the JSON sent) onto the editor's fields — the route's (an API
 * error's `issues`) and the editor's own parse of the draft with the same schema (`issuesOfZod`).
 * Roster entries are edited as one list ("entry.N.…"): "model.…" is the active entry, "roster.N.…"
 * entry N — or, for a single-model agent, "model.…" is entry 0.
 */
import type { z } from "zod";

export interface ApiIssue {
  path: string;
  message: string;
}

export type FieldIssues = Map<string, string[]>;

export function toFieldKey(path: string, activeIndex: number): string {
  const parts = path.split(".");
  if (parts[0] === "roster" && parts.length > 1 && /^\d+$/.test(parts[1]))
    return ["entry", ...parts.slice(1)].join(".");
  if (parts[0] === "model") {
    if (parts.length > 1 && /^\d+$/.test(parts[1])) return ["entry", ...parts.slice(1)].join(".");
    return ["entry", String(activeIndex), ...parts.slice(1)].join(".");
  }
  return path;
}

/**
 * One message per field: the first issue at each field key (a field that breaks two rules — an
 * empty name is also not a valid name — shows the first, and the next once that is fixed).
 */
export function fieldIssues(issues: readonly ApiIssue[], activeIndex: number): FieldIssues {
  const map: FieldIssues = new Map();
  for (const i of issues) {
    const key = toFieldKey(i.path, activeIndex);
    if (!map.has(key)) map.set(key, [i.message]);
  }
  return map;
}

/** The summary's items: one per field, in the order of the issues, with the field key to jump to. */
export function summaryItems(
  issues: readonly ApiIssue[],
  activeIndex: number,
): Array<{ key: string; message: string }> {
  return [...fieldIssues(issues, activeIndex)].map(([key, [message]]) => ({ key, message }));
}

/** Issues of an API error body (`body.error.issues`), or one form-wide issue with its message. */
export function issuesOf(err: unknown): ApiIssue[] {
  const body = (err as { body?: { error?: { issues?: ApiIssue[]; message?: string } } } | null)?.body;
  if (body?.error?.issues?.length) return body.error.issues;
  const message = body?.error?.message ?? (err instanceof Error ? err.message : null);
  return message ? [{ path: "", message }] : [];
}

/** A local parse's issues, with the dotted paths and messages the route answers (lib/api/error-response.ts). */
export function issuesOfZod(error: z.ZodError): ApiIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}
