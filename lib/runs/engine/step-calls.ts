/**
 * A step's tool calls between the model's answer and their results: each call checked before
 * anything is held or run (`checkCall`), the checked calls dispatched in the model's order
 * (`dispatchCalls`), and what a `ToolReturnEvent` records of a result (`returnData`).
 */
import { parseToolInput, type ModelToolCall } from "./model-request";
import type { RunTool, ToolArgumentFailure, ToolOutcome } from "./run-tool";
import type { DispatchResult } from "./tool-dispatch/middleware";

export function returnData(call: ModelToolCall, result: DispatchResult) {
  const o = result.outcome;
  return {
    toolName: call.toolName,
    toolCallId: call.toolCallId,
    success: o.ok,
    durationMs: result.durationMs,
    ...(o.ok ? {} : { errorType: o.error.type }),
    ...(o.childRunId ? { childRunId: o.childRunId } : {}),
    ...(result.replayed ? { replayed: true } : {}),
    ...(result.memoized ? { memoized: true } : {}),
    ...(result.mocked ? { mocked: true } : {}),
  };
}

export type Dispatch = (tool: RunTool, args: unknown, call: ModelToolCall) => Promise<DispatchResult>;

/** A call ready to dispatch (its tool and parsed, valid arguments), or the ToolArgumentError that answers it. */
export type CheckedCall =
  { call: ModelToolCall; tool: RunTool; args: unknown } | { call: ModelToolCall; rejected: ToolOutcome };

/**
 * An unknown tool, unparsable arguments, or arguments the tool refuses (its schema and constraint
 * tags, an MCP tool's inputSchema, an agent's `task`, memory's commands) are a ToolArgumentError
 * for a repair turn — decided before gating, so such a call is never held for approval.
 */
export function checkCall(call: ModelToolCall, tools: Map<string, RunTool>): CheckedCall {
  const reject = (message: string, error?: ToolArgumentFailure): CheckedCall => ({
    call,
    rejected: { ok: false, error: error ?? { type: "ToolArgumentError", message } },
  });
  const tool = tools.get(call.toolName);
  if (!tool) {
    const known = [...tools.keys()].sort();
    return reject(
      `Unknown tool '${call.toolName}'. ${known.length ? `Available tools: ${known.join(", ")}.` : "No tools are available."}`,
    );
  }
  const parsed = parseToolInput(call.input);
  if (!parsed.ok) return reject(`tool '${tool.name}' call rejected: ${parsed.message}`);
  const refused = tool.checkArguments(parsed.value);
  if (refused) return reject(refused.message, refused);
  return { call, tool, args: parsed.value };
}

/**
 * Runs a step's calls: calls without side effects concurrently, side-effecting ones one after
 * another in the model's order (alongside the others); results come back in the model's order.
 * A rejected call (checkCall) is answered as it is, without running.
 */
export async function dispatchCalls(
  calls: CheckedCall[],
  onRejected: (call: ModelToolCall) => void,
  dispatch: Dispatch,
) {
  const one = async (c: CheckedCall): Promise<{ call: ModelToolCall; result: DispatchResult }> => {
    if ("rejected" in c) {
      onRejected(c.call);
      return { call: c.call, result: { outcome: c.rejected, durationMs: 0 } };
    }
    return { call: c.call, result: await dispatch(c.tool, c.args, c.call) };
  };
  const sideEffecting = calls.filter((c) => "tool" in c && c.tool.sideEffecting);
  const pure = calls.filter((c) => !sideEffecting.includes(c));
  const sequential = (async () => {
    const out: Array<{ call: ModelToolCall; result: DispatchResult }> = [];
    for (const c of sideEffecting) out.push(await one(c));
    return out;
  })();
  const [a, b] = await Promise.all([Promise.all(pure.map(one)), sequential]);
  const byId = new Map([...a, ...b].map((r) => [r.call.toolCallId, r]));
  return calls.map((c) => byId.get(c.call.toolCallId)!);
}
