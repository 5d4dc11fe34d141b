/**
 * Mocks of an eval case (docs/evals.md, "Nothing real happens in an eval"): in a conversation of
 * an experiment every tool call, at every depth, passes here before anything executes.
 *
 * - a mock matches (the case's mocks, then the dataset's; `matchMock`) → its `result` is the
 *   call's answer and nothing runs; the result is marked `mocked` (its `ToolReturnEvent` says so);
 * - no mock, and the call has effects outside the conversation — a side-effecting saved or MCP
 *   tool, or `memory` (the agent's files outlive the conversation) → refused with
 *   `EvalUnmocked`, nothing runs, and the session records why, so the case fails;
 * - otherwise (a pure tool, an agent called as a tool — its own calls come back here — or a
 *   built-in that keeps to the conversation) → the call runs live.
 */
import type { Mock } from "../../../evals/dataset.shared";
import { matchMock } from "../../../evals/match-mock";
import type { RunTool } from "../run-tool";
import type { DispatchResult, ToolMiddleware } from "./middleware";

export const EVAL_UNMOCKED = "EvalUnmocked";

/** Whether a call of `tool` may only be answered by a mock in an eval. */
export function needsMock(tool: Pick<RunTool, "kind" | "sideEffecting">): boolean {
  if (tool.kind === "memory") return true;
  return (tool.kind === "sandbox" || tool.kind === "mcp") && tool.sideEffecting;
}

export function unmockedMessage(tool: Pick<RunTool, "kind" | "name">): string {
  return tool.kind === "memory"
    ? `tool '${tool.name}' (the agent's memory) has no mock in the case`
    : `side-effecting tool '${tool.name}' has no mock in the case`;
}

/** One case's mocks and what happened to them. */
export class ExperimentSession {
  /** Why the case fails (the first unmocked side-effecting call); null while none. */
  failure: { type: string; message: string } | null = null;
  readonly stats = { mocked: 0, live: 0, refused: 0 };

  constructor(
    readonly caseMocks: readonly Mock[] | undefined,
    readonly datasetMocks: readonly Mock[],
  ) {}

  /** The call's answer, or null when it runs live. */
  answer(tool: RunTool, args: unknown): DispatchResult | null {
    const mock = matchMock(this.caseMocks, this.datasetMocks, tool.name, args);
    if (mock) {
      this.stats.mocked += 1;
      return { outcome: { ok: true, result: structuredClone(mock.result) }, durationMs: 0, mocked: true };
    }
    if (!needsMock(tool)) {
      this.stats.live += 1;
      return null;
    }
    this.stats.refused += 1;
    const message = unmockedMessage(tool);
    this.failure ??= { type: EVAL_UNMOCKED, message };
    return {
      outcome: {
        ok: false,
        error: {
          type: EVAL_UNMOCKED,
          message: `Not executed: this is an evaluation, and the ${message}. Answer with what you have.`,
        },
      },
      durationMs: 0,
    };
  }
}

/** The middleware of a run in an experiment's conversation. */
export function experimentMocks(session: ExperimentSession): ToolMiddleware {
  return async (inv, next) => session.answer(inv.tool, inv.args) ?? next(inv);
}
