/**
 * What the compare page marks between two conversations' turns: a word-level diff of the answers
 * (jsdiff's `diffWords`), a key-level diff of a tool call's arguments, the runs of identical turns
 * it folds away, and the signed difference of two figures.
 */
import { diffWords } from "diff";
import type { CompareTurn } from "@/lib/runs/read-models/branches/branch-views.shared";

export type Change = "same" | "removed" | "added";
export interface Segment {
  text: string;
  change: Change;
}

/** Two texts split for side-by-side display: the left keeps what it shares and what it lost, the right what it gained. */
export function wordDiff(left: string, right: string): { left: Segment[]; right: Segment[] } {
  if (left === right) return { left: [{ text: left, change: "same" }], right: [{ text: right, change: "same" }] };
  // Past a few thousand edits jsdiff gives up (undefined): the texts are shown wholly changed.
  const changes = diffWords(left, right, { maxEditLength: 5000 }) ?? [
    { value: left, removed: true, added: false, count: 1 },
    { value: right, removed: false, added: true, count: 1 },
  ];
  const out = { left: [] as Segment[], right: [] as Segment[] };
  for (const c of changes) {
    if (!c.value) continue;
    if (c.removed) out.left.push({ text: c.value, change: "removed" });
    else if (c.added) out.right.push({ text: c.value, change: "added" });
    else {
      out.left.push({ text: c.value, change: "same" });
      out.right.push({ text: c.value, change: "same" });
    }
  }
  return out;
}

/** JSON with object keys sorted at every depth: equal values give equal text whatever their key order. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v === undefined ? null : v)).join(",")}]`;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`).join(",")}}`;
}

export type KeyChange = "same" | "changed" | "removed" | "added";
export interface ArgumentRow {
  /** The argument's name; "" when the arguments are not an object (compared whole). */
  key: string;
  left: unknown;
  right: unknown;
  /** `removed`: only the left call has it; `added`: only the right. */
  change: KeyChange;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Two calls' arguments key by key, in the left's key order then the right's new keys. Arguments
 * that are not both objects (raw text that did not parse, an array) are one row compared whole.
 */
export function argumentDiff(left: unknown, right: unknown): ArgumentRow[] {
  if (!isRecord(left) || !isRecord(right)) {
    return [{ key: "", left, right, change: stableJson(left) === stableJson(right) ? "same" : "changed" }];
  }
  const keys = [...Object.keys(left), ...Object.keys(right).filter((k) => !Object.hasOwn(left, k))];
  return keys.map((key) => {
    const inLeft = Object.hasOwn(left, key) && left[key] !== undefined;
    const inRight = Object.hasOwn(right, key) && right[key] !== undefined;
    const change: KeyChange = !inLeft
      ? "added"
      : !inRight
        ? "removed"
        : stableJson(left[key]) === stableJson(right[key])
          ? "same"
          : "changed";
    return { key, left: left[key], right: right[key], change };
  });
}

export type TurnGroup =
  | { kind: "turn"; turn: CompareTurn }
  /** Consecutive identical turns, folded into one expandable row. */
  | { kind: "identical"; turns: CompareTurn[] };

/** The turns in order, each run of identical turns as one group. */
export function groupTurns(turns: readonly CompareTurn[]): TurnGroup[] {
  const groups: TurnGroup[] = [];
  for (const turn of turns) {
    const last = groups[groups.length - 1];
    if (!turn.identical) groups.push({ kind: "turn", turn });
    else if (last?.kind === "identical") last.turns.push(turn);
    else groups.push({ kind: "identical", turns: [turn] });
  }
  return groups;
}

/** "Turn 2" or "Turns 1–3", numbered from 1. */
export function turnRangeLabel(turns: readonly CompareTurn[]): string {
  const first = turns[0]!.index + 1;
  const last = turns[turns.length - 1]!.index + 1;
  return first === last ? `Turn ${first}` : `Turns ${first}–${last}`;
}

/** The right side's figure against the left's, signed ("+120", "−$0.01", "±0"); null when one is missing. */
export function signedDelta(
  left: number | null | undefined,
  right: number | null | undefined,
  format: (n: number) => string,
): string | null {
  if (left === null || left === undefined || right === null || right === undefined) return null;
  const d = right - left;
  if (d === 0) return "±0";
  return `${d > 0 ? "+" : "−"}${format(Math.abs(d))}`;
}
