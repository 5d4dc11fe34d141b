/**
 * Replay (docs/time-travel.md, "Replay"): in a replay conversation every tool call is answered
 * here, before anything executes. The session knows the original's calls (replay-record.ts) and
 * which scope of it the replay is in (turn i of the replay ↔ turn i of the original, every depth of
 * the turn; or one command). A call MATCHES the k-th call of the same tool in that scope when its
 * canonical arguments equal that call's:
 *
 * - matched → the recorded answer (result, error or denial), `replayed: true`, nothing runs;
 * - unmatched, pure and not gated, with `live-pure` → it runs live (the rest of the chain);
 * - otherwise → refused (`ReplayRefused`), nothing runs.
 *
 * A replay holds nothing for approval (the run loop skips gating when `RunDeps.replay` is set):
 * a matched call is answered from the record, and an unmatched call that the agent's tier would
 * hold is refused like a side-effecting one, so a replay never creates an approval.
 */
import type { Autonomy } from "../../../agents/autonomy.shared";
import { needsApproval } from "../../../agents/autonomy.shared";
import type { ReplayToolResults } from "../../read-models/branches/branch-views.shared";
import { canonicalJson } from "../canonical-json";
import type { ReplayRecord } from "../replay/replay-record";
import type { RunTool } from "../run-tool";
import type { DispatchResult, ToolMiddleware } from "./middleware";

export const REPLAY_REFUSED = "ReplayRefused";

export function replayRefusedMessage(toolName: string, pureButRecorded: boolean): string {
  return pureButRecorded
    ? `Not executed: this is a replay answering tool calls from the original conversation's record, and it has no record of this call to '${toolName}' (same tool, same arguments, at this point of the turn). The replay runs no tool live; answer with what you have.`
    : `Not executed: this is a replay, and it has no record of this call to '${toolName}' (same tool, same arguments, at this point of the turn). A replay never runs a call with side effects (or one that needs approval) live; answer with what you have.`;
}

export type ReplayAnswer =
  { kind: "recorded"; result: DispatchResult } | { kind: "live" } | { kind: "refused"; result: DispatchResult };

/** One replay's matching state: the record, the mode, and the scope it is in. */
export class ReplaySession {
  private scope: string | null = null;
  private readonly counts = new Map<string, number>();
  /** Per scope: how many calls were answered from the record, ran live, were refused. */
  readonly stats = { recorded: 0, live: 0, refused: 0 };

  constructor(
    readonly record: ReplayRecord,
    readonly toolResults: ReplayToolResults,
  ) {}

  /** The replay moves to a turn (`turn:<i>`) or a command (`command:<i>`) of the original. */
  enter(scope: string): void {
    this.scope = scope;
    this.counts.clear();
  }

  /** How a call is answered; counts it as the next call of its tool in the current scope. */
  answer(tool: RunTool, args: unknown, autonomy: Autonomy): ReplayAnswer {
    const k = this.counts.get(tool.name) ?? 0;
    this.counts.set(tool.name, k + 1);
    const recorded = this.scope
      ? (this.record.calls.get(this.scope) ?? []).filter((c) => c.toolName === tool.name)[k]
      : undefined;
    if (recorded && recorded.argumentsJson === canonicalJson(args)) {
      this.stats.recorded += 1;
      return {
        kind: "recorded",
        result: { outcome: structuredClone(recorded.outcome), durationMs: 0, replayed: true },
      };
    }
    const pure = !tool.sideEffecting && !needsApproval(autonomy, tool);
    if (pure && this.toolResults === "live-pure") {
      this.stats.live += 1;
      return { kind: "live" };
    }
    this.stats.refused += 1;
    return {
      kind: "refused",
      result: {
        outcome: { ok: false, error: { type: REPLAY_REFUSED, message: replayRefusedMessage(tool.name, pure) } },
        durationMs: 0,
      },
    };
  }
}

/** The middleware of a run in a replay: answers from the record or refuses, else lets the call run live. */
export function replay(session: ReplaySession, autonomy: Autonomy): ToolMiddleware {
  return async (inv, next) => {
    const answer = session.answer(inv.tool, inv.args, autonomy);
    return answer.kind === "live" ? next(inv) : answer.result;
  };
}
