/**
 * What a replay re-plays (docs/time-travel.md, "Replay"), read from the original conversation's
 * EVENTS only — a fork's copied events have no Run rows, so rows are never consulted. Pure.
 *
 * - `steps`: the user's turns (the text of each top-level turn's user message), operators' commands,
 *   and what happened between turns outside any run — manual compactions and clears, model
 *   switches, agent version changes — in the log's order.
 * - `calls`: per scope (a turn: every run of it at every depth — the turn run, its conclusion,
 *   agents called as tools; or one command), the tool calls that reached dispatch, in the order they
 *   were made, each with the answer the log recorded (a result, an error, a denial). Calls refused
 *   before dispatch (`ToolArgumentError`, `ToolNotAvailable`) are left out: a replay decides those
 *   again before its own dispatch, so they never count when the k-th call of a tool is matched.
 *   Calls with no answer in the log (still held when the log was read) are left out too.
 */
import type { StoredEvent, ToolResultOutput } from "../../../events/event-types";
import { canonicalJson } from "../canonical-json";
import type { FoldingStrategy } from "../compaction/strategies";
import { parseToolInput } from "../model-request";
import type { ToolOutcome } from "../run-tool";

/** One of the original's calls and the answer it got. */
export interface RecordedCall {
  toolName: string;
  /** The canonical JSON of its arguments (canonical-json.ts). */
  argumentsJson: string;
  outcome: ToolOutcome;
}

export type ReplayStep =
  | { kind: "turn"; scope: string; content: string }
  | { kind: "command"; scope: string; tool: string; arguments: Record<string, unknown> }
  | { kind: "compaction"; strategy: FoldingStrategy }
  | { kind: "clear" }
  | { kind: "model"; from: string; to: string }
  | { kind: "version"; from: number; to: number; label: string | null };

export interface ReplayRecord {
  steps: ReplayStep[];
  /** Scope (`turn:<n>`, `command:<n>`) → its calls in order. */
  calls: Map<string, RecordedCall[]>;
  /** The version the original started on (its first run's, or the `from` of a change before any run). */
  startVersion: number | null;
  /** The roster key the original's first turn requested (or the `from` of a switch before any run). */
  startModel: string | null;
  /** How many user turns the original has. */
  turns: number;
}

/** Refused before dispatch: decided again by the replay's own checks, so never matched. */
const NOT_DISPATCHED = new Set(["ToolArgumentError", "ToolNotAvailable"]);

/** The outcome a recorded answer stands for: the same text reaches the model again. */
export function recordedOutcome(output: ToolResultOutput, ret: { success: boolean; errorType?: string }): ToolOutcome {
  if (ret.success) {
    if (output.type === "text") return { ok: true, result: output.value };
    if (output.type === "json") return { ok: true, result: output.value };
    if (output.type === "content") return { ok: true, result: output.value };
    return { ok: true, result: "value" in output ? output.value : null };
  }
  const type = ret.errorType ?? "ToolExecutionError";
  const text =
    output.type === "error-text" || output.type === "text"
      ? output.value
      : output.type === "execution-denied"
        ? (output.reason ?? "denied")
        : "value" in output
          ? JSON.stringify(output.value)
          : "";
  // toolResultOutput writes `Type: message`: keep the message so the model reads the same line.
  const message = text.startsWith(`${type}: `) ? text.slice(type.length + 2) : text;
  return { ok: false, error: { type, message } };
}

export function replayRecord(events: readonly StoredEvent[]): ReplayRecord {
  const steps: ReplayStep[] = [];
  const calls = new Map<string, RecordedCall[]>();
  const scopeOfRun = new Map<string, string>();
  const userTextOfRun = new Map<string, string>();
  const turnOfRun = new Map<string, Extract<ReplayStep, { kind: "turn" }>>();
  const commandOfRun = new Map<string, Extract<ReplayStep, { kind: "command" }>>();
  // Calls waiting for their answer, by toolCallId.
  const open = new Map<string, { scope: string; toolName: string; argumentsJson: string | null; index: number }>();
  // Per scope, the calls in the order they were made (answered or not), filled as answers come.
  const made = new Map<string, Array<RecordedCall | null>>();
  const outputs = new Map<string, ToolResultOutput>();
  let turns = 0;
  let commands = 0;
  let startVersion: number | null = null;
  let startModel: string | null = null;
  let anyRun = false;

  for (const e of events) {
    switch (e.type) {
      case "RunStarted": {
        if (!anyRun) {
          startVersion ??= e.data.agentVersion ?? null;
          startModel ??= e.data.model;
        }
        anyRun = true;
        if (!e.runId) break;
        if (e.data.kind === "turn" && e.data.parentRunId === null) {
          const step = { kind: "turn" as const, scope: `turn:${turns++}`, content: "" };
          steps.push(step);
          turnOfRun.set(e.runId, step);
          scopeOfRun.set(e.runId, step.scope);
        } else if (e.data.kind === "command") {
          const step = { kind: "command" as const, scope: `command:${commands++}`, tool: "", arguments: {} };
          steps.push(step);
          commandOfRun.set(e.runId, step);
          scopeOfRun.set(e.runId, step.scope);
        } else if (e.data.parentRunId && scopeOfRun.has(e.data.parentRunId)) {
          scopeOfRun.set(e.runId, scopeOfRun.get(e.data.parentRunId)!);
        }
        break;
      }
      case "LlmMessageEvent": {
        if (!e.runId) break;
        if (e.data.role === "user") {
          const turn = turnOfRun.get(e.runId);
          if (turn && !userTextOfRun.has(e.runId)) {
            const text = e.data.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
            userTextOfRun.set(e.runId, text);
            turn.content = text;
          }
        } else if (e.data.role === "tool") {
          for (const p of e.data.parts) if (p.type === "tool-result") outputs.set(p.toolCallId, p.output);
        }
        break;
      }
      case "ToolCallEvent": {
        const scope = e.runId ? scopeOfRun.get(e.runId) : undefined;
        if (!scope) break;
        const parsed = parseToolInput(e.data.arguments);
        const list = made.get(scope) ?? [];
        made.set(scope, list);
        open.set(e.data.toolCallId, {
          scope,
          toolName: e.data.toolName,
          argumentsJson: parsed.ok ? canonicalJson(parsed.value) : null,
          index: list.length,
        });
        list.push(null);
        const command = e.runId ? commandOfRun.get(e.runId) : undefined;
        if (command && parsed.ok) {
          command.tool = e.data.toolName;
          command.arguments = (parsed.value ?? {}) as Record<string, unknown>;
        }
        break;
      }
      case "ToolReturnEvent": {
        const call = open.get(e.data.toolCallId);
        if (!call) break;
        open.delete(e.data.toolCallId);
        if (call.argumentsJson === null || (e.data.errorType && NOT_DISPATCHED.has(e.data.errorType))) break;
        const output = outputs.get(e.data.toolCallId) ?? { type: "json" as const, value: null };
        made.get(call.scope)![call.index] = {
          toolName: call.toolName,
          argumentsJson: call.argumentsJson,
          outcome: recordedOutcome(output, e.data),
        };
        break;
      }
      case "LlmContextCompactedEvent":
        if (!e.runId && (e.data.strategyId === "summarize" || e.data.strategyId === "sliding_window"))
          steps.push({ kind: "compaction", strategy: e.data.strategyId });
        break;
      case "LlmContextClearedEvent":
        if (!e.runId) steps.push({ kind: "clear" });
        break;
      case "ModelSwitched":
        if (!anyRun) startModel ??= e.data.from;
        steps.push({ kind: "model", from: e.data.from, to: e.data.to });
        break;
      case "AgentVersionChanged":
        if (!anyRun) startVersion ??= e.data.from;
        steps.push({ kind: "version", from: e.data.from, to: e.data.to, label: e.data.label });
        break;
      default:
        break;
    }
  }
  for (const [scope, list] of made) {
    const answered = list.filter((c): c is RecordedCall => c !== null);
    if (answered.length) calls.set(scope, answered);
  }
  return { steps, calls, startVersion, startModel, turns };
}
