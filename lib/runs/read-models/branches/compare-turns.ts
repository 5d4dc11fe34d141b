/**
 * Two conversations' event logs folded into turns and aligned by index (docs/time-travel.md,
 * "Compare"). Pure: `compare-conversations.ts` reads the logs and the conversations.
 *
 * A turn is a top-level run someone started — a user's message (`RunStarted` kind `turn`) or an
 * operator's command (kind `command`) — with every run below it folded in: its conclusion run and
 * the child runs of agents called as tools (found through `RunStarted.parentRunId`). Events, not
 * Run rows: a fork's copied turns have events (keeping the original's runId, seq and createdAt)
 * but no Run rows.
 *
 * Money and tokens come from the turn's `LlmUsageEvent`s, the cost as priced when the event was
 * written. A fork's copied events carry the same figures, so identical turns cost the same on both
 * sides (usage records may be repriced later and a fork's copied turns have none: they are not read).
 */
import type { MessagePart, StoredEvent, ToolResultOutput } from "../../../events/event-types";
import { isErrorOutput, outputText } from "../../../events/tool-output-text.shared";
import { pricingOf } from "../../../events/usage-counters.shared";
import { canonicalJson } from "../../engine/canonical-json";
import type { CompareSide, CompareToolCall, CompareTurn } from "./branch-views.shared";

interface TurnFold {
  startedAt: string;
  userMessages: string[];
  answer: string | null;
  calls: Map<string, CompareToolCall>;
  tokens: number;
  costNanoUsd: number;
  requests: number;
  unpricedRequests: number;
  lastFinishedAt: string | null;
}

interface RunFold {
  turn: TurnFold;
  /** The top-level run or its conclusion: its assistant text is the turn's answer. */
  answers: boolean;
  open: boolean;
}

function textOf(parts: readonly MessagePart[]): string {
  return parts
    .filter((p): p is Extract<MessagePart, { type: "text" }> => p.type === "text")
    .map((p) => p.text)
    .join("");
}

/** A call's arguments as JSON when they parse, else the raw text the model sent. */
function parseArguments(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A recorded output as the value it carries: JSON as JSON, anything else as its display text. */
function resultValue(output: ToolResultOutput): unknown {
  if (output.type === "json" || output.type === "error-json") return output.value ?? null;
  return outputText(output);
}

/** One side of a turn, with its model requests counted for the totals' pricing. */
export interface FoldedTurn {
  side: CompareSide;
  requests: number;
  unpricedRequests: number;
}

/** The turns of one conversation's events (any order: folded by seq, each seq once). */
export function foldTurns(events: readonly StoredEvent[]): FoldedTurn[] {
  const bySeq = new Map<number, StoredEvent>();
  for (const e of events) bySeq.set(e.seq, e);
  const ordered = [...bySeq.values()].sort((a, b) => a.seq - b.seq);

  const turns: TurnFold[] = [];
  const runs = new Map<string, RunFold>();

  for (const e of ordered) {
    if (!e.runId) continue; // a compaction, clear, model or version switch between turns
    if (e.type === "RunStarted") {
      const known = runs.get(e.runId);
      if (known) {
        known.open = true; // the same run started again: it resumed
        continue;
      }
      const parent = e.data.parentRunId ? runs.get(e.data.parentRunId) : undefined;
      if (parent) {
        runs.set(e.runId, { turn: parent.turn, answers: e.data.kind === "conclusion" && parent.answers, open: true });
        continue;
      }
      if (e.data.kind !== "turn" && e.data.kind !== "command" && turns.length > 0) {
        // A conclusion or child whose parent is not in this log: it belongs to the latest turn.
        runs.set(e.runId, { turn: turns[turns.length - 1]!, answers: e.data.kind === "conclusion", open: true });
        continue;
      }
      const turn: TurnFold = {
        startedAt: e.createdAt,
        userMessages: [],
        answer: null,
        calls: new Map(),
        tokens: 0,
        costNanoUsd: 0,
        requests: 0,
        unpricedRequests: 0,
        lastFinishedAt: null,
      };
      turns.push(turn);
      runs.set(e.runId, { turn, answers: e.data.kind !== "child", open: true });
      continue;
    }
    const run = runs.get(e.runId);
    if (!run) continue; // an event of a run whose start is not in this log
    const { turn } = run;
    switch (e.type) {
      case "LlmMessageEvent": {
        const { role, parts } = e.data;
        if (role === "user" && run.answers) turn.userMessages.push(textOf(parts));
        else if (role === "assistant" && run.answers) {
          const text = textOf(parts);
          if (text.trim() && !parts.some((p) => p.type === "tool-call")) turn.answer = text;
        } else if (role === "tool") {
          for (const p of parts) {
            if (p.type !== "tool-result") continue;
            const call = turn.calls.get(p.toolCallId);
            if (!call) continue;
            call.result = resultValue(p.output);
            if (isErrorOutput(p.output)) call.isError = true;
          }
        }
        break;
      }
      case "ToolCallEvent":
        if (!turn.calls.has(e.data.toolCallId))
          turn.calls.set(e.data.toolCallId, {
            name: e.data.toolName,
            arguments: parseArguments(e.data.arguments),
            result: null,
            isError: false,
            replayed: false,
          });
        break;
      case "ToolReturnEvent": {
        const call = turn.calls.get(e.data.toolCallId);
        if (!call) break;
        if (!e.data.success) call.isError = true;
        // Absent from events written before the field existed, and from calls that ran.
        if (e.data.replayed === true) call.replayed = true;
        break;
      }
      case "LlmUsageEvent":
        turn.tokens += e.data.totalTokens;
        turn.costNanoUsd += e.data.costNanoUsd;
        turn.requests += 1;
        if (!e.data.priced) turn.unpricedRequests += 1;
        break;
      case "RunFinished":
        // A suspended run waits for a decision: the turn is still open.
        run.open = e.data.status === "suspended";
        turn.lastFinishedAt = e.createdAt;
        break;
      default:
        break;
    }
  }

  const withOpenRuns = new Set([...runs.values()].filter((r) => r.open).map((r) => r.turn));
  return turns.map((t) => {
    const open = withOpenRuns.has(t) || t.lastFinishedAt === null;
    const side: CompareSide = {
      userMessage: t.userMessages.length ? t.userMessages.join("\n\n") : commandLine(t),
      answer: t.answer,
      toolCalls: [...t.calls.values()],
      tokens: t.tokens,
      costNanoUsd: t.costNanoUsd,
      pricing: pricingOf(t.requests, t.unpricedRequests),
      latencyMs: open ? null : Math.max(0, Date.parse(t.lastFinishedAt!) - Date.parse(t.startedAt)),
    };
    return { side, requests: t.requests, unpricedRequests: t.unpricedRequests };
  });
}

/** An operator's command as it was asked: `/<tool> <json args>` (its first call). */
function commandLine(t: TurnFold): string | null {
  const first = t.calls.values().next().value;
  if (!first) return null;
  const args = typeof first.arguments === "string" ? first.arguments : JSON.stringify(first.arguments);
  return `/${first.name} ${args}`;
}

/** Whether two sides made the same calls: same tools, same arguments (canonical JSON), in order. */
export function sameCalls(a: readonly CompareToolCall[], b: readonly CompareToolCall[]): boolean {
  return (
    a.length === b.length &&
    a.every((c, i) => c.name === b[i]!.name && canonicalJson(c.arguments) === canonicalJson(b[i]!.arguments))
  );
}

/** Whether a turn's two sides took the same path: both present, same answer, same calls. */
export function sameTurn(left: CompareSide | null, right: CompareSide | null): boolean {
  if (!left || !right) return left === right;
  return left.answer === right.answer && sameCalls(left.toolCalls, right.toolCalls);
}

export interface TurnAlignment {
  turns: CompareTurn[];
  /** The first turn whose answer or calls differ, or that only one side has; null when none. */
  divergedAtTurn: number | null;
}

/** The two sides' turns paired by index; the longer side's extra turns pair with null. */
export function alignTurns(left: readonly FoldedTurn[], right: readonly FoldedTurn[]): TurnAlignment {
  const turns: CompareTurn[] = [];
  let divergedAtTurn: number | null = null;
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const l = left[index]?.side ?? null;
    const r = right[index]?.side ?? null;
    const identical = sameTurn(l, r);
    if (divergedAtTurn === null && !identical) divergedAtTurn = index;
    turns.push({ index, left: l, right: r, identical });
  }
  return { turns, divergedAtTurn };
}

/** One side's totals: its turns, and the sums of their tokens, cost and (finished turns') latency. */
export function totalsOf(turns: readonly FoldedTurn[]) {
  const sum = (f: (t: FoldedTurn) => number) => turns.reduce((n, t) => n + f(t), 0);
  return {
    turns: turns.length,
    tokens: sum((t) => t.side.tokens),
    costNanoUsd: sum((t) => t.side.costNanoUsd),
    pricing: pricingOf(
      sum((t) => t.requests),
      sum((t) => t.unpricedRequests),
    ),
    latencyMs: sum((t) => t.side.latencyMs ?? 0),
  };
}
