/**
 * A case's observed outcome (../case-outcome.shared.ts) from its conversation's stored event log
 * (docs/conversations-api.md), pure:
 *
 * - a turn starts at each `RunStarted` of kind `turn`; a conclusion run belongs to the turn of the
 *   run it concludes, a child run to its caller's turn one level deeper; command runs (an operator
 *   calling a tool by hand) and judge runs (an experiment scoring the answer) are not the agent's
 *   behaviour and are left out;
 * - a turn's answer is the text of the last assistant message at depth 0 that calls no tool;
 * - tool calls are the `ToolCallEvent`s of every run, with their arguments parsed, `mocked` when
 *   their `ToolReturnEvent` says an eval case's mock answered them;
 * - requests and cost add up the `LlmUsageEvent`s of every run (compaction requests of a run
 *   included; events outside any run are not);
 * - a turn's latency runs from its `RunStarted` to the last `RunFinished` of its runs (a resumed run
 *   finishes twice: the second counts).
 *
 * Browser-safe: imports only types of shared modules.
 */
import type { StoredEvent } from "../../events/event-types.shared";
import type { CaseOutcome, ObservedApproval, ObservedToolCall } from "../case-outcome.shared";

interface RunPlace {
  turn: number;
  depth: number;
}

function parseArguments(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function outcomeFromEvents(events: readonly StoredEvent[]): CaseOutcome {
  const runs = new Map<string, RunPlace | null>();
  const answers: Array<string | null> = [];
  const startedAt: number[] = [];
  const finishedAt: number[] = [];
  const toolCalls: ObservedToolCall[] = [];
  /** Each call by its run and id, for its return (a mocked answer marks it). */
  const callsById = new Map<string, ObservedToolCall>();
  const approvals: Array<ObservedApproval & { approvalId: string }> = [];
  let requests = 0;
  let costNanoUsd = 0;

  /** Where a run sits; null for a command run (left out); an unseen run counts in the current turn. */
  const placeOf = (runId: string | null): RunPlace | null => {
    if (runId === null) return null;
    const known = runs.get(runId);
    if (known !== undefined) return known;
    return { turn: Math.max(0, answers.length - 1), depth: 0 };
  };

  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    if (e.type === "RunStarted") {
      if (e.runId === null) continue;
      const parent = e.data.parentRunId ? placeOf(e.data.parentRunId) : null;
      switch (e.data.kind) {
        case "turn":
          answers.push(null);
          startedAt.push(Date.parse(e.createdAt));
          finishedAt.push(Date.parse(e.createdAt));
          runs.set(e.runId, { turn: answers.length - 1, depth: 0 });
          break;
        case "conclusion":
          runs.set(e.runId, parent ?? { turn: Math.max(0, answers.length - 1), depth: 0 });
          break;
        case "child":
          runs.set(e.runId, parent ? { turn: parent.turn, depth: parent.depth + 1 } : null);
          break;
        case "command":
        case "judge":
          runs.set(e.runId, null);
          break;
      }
      continue;
    }
    const place = placeOf(e.runId);
    if (!place) continue;
    switch (e.type) {
      case "LlmMessageEvent": {
        if (e.data.role !== "assistant" || place.depth !== 0) break;
        if (e.data.parts.some((p) => p.type === "tool-call")) break;
        const text = e.data.parts
          .filter((p) => p.type === "text")
          .map((p) => (p as { text: string }).text)
          .join("");
        while (answers.length <= place.turn) answers.push(null);
        answers[place.turn] = text;
        break;
      }
      case "ToolCallEvent": {
        const call: ObservedToolCall = {
          name: e.data.toolName,
          args: parseArguments(e.data.arguments),
          depth: place.depth,
          turn: place.turn,
        };
        toolCalls.push(call);
        callsById.set(`${e.runId}:${e.data.toolCallId}`, call);
        break;
      }
      case "ToolReturnEvent": {
        const call = callsById.get(`${e.runId}:${e.data.toolCallId}`);
        if (call && e.data.mocked) call.mocked = true;
        break;
      }
      case "ApprovalRequested":
        approvals.push({
          approvalId: e.data.approvalId,
          tool: e.data.toolName,
          args: e.data.arguments,
          depth: place.depth,
          turn: place.turn,
          decision: null,
        });
        break;
      case "ApprovalDecided": {
        const asked = approvals.find((a) => a.approvalId === e.data.approvalId);
        if (asked) asked.decision = e.data.decision;
        break;
      }
      case "LlmUsageEvent":
        requests += 1;
        costNanoUsd += e.data.costNanoUsd;
        break;
      case "RunFinished": {
        const at = Date.parse(e.createdAt);
        if (place.turn < finishedAt.length && at > finishedAt[place.turn]) finishedAt[place.turn] = at;
        break;
      }
      default:
        break;
    }
  }

  return {
    answers,
    finalAnswer: answers.at(-1) ?? null,
    toolCalls,
    approvalsRequested: approvals.map(({ approvalId: _, ...a }) => a),
    requests,
    costNanoUsd,
    latencyMsPerTurn: startedAt.map((start, i) => Math.max(0, finishedAt[i] - start)),
  };
}
