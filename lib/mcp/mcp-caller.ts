/**
 * Calling an imported tool from a run: the server's connection is read at call time (so a changed
 * URL or header applies to the next call), the call is bounded by a timeout and the run's signal,
 * and every failure — the server down, a timeout, the tool's own `isError`, an answer larger than
 * the studio reads — comes back as a tool error the model can read, never as an exception that
 * ends the run. A result larger than the studio stores is kept cut, with a marker (mcp-call-result.ts).
 */
import type { Db } from "../db/client";
import { callMcpTool } from "./mcp-client";
import { tooLargeOutcome, toMcpOutcome, unreachableOutcome, type McpOutcome } from "./mcp-call-result";
import { McpAnswerTooLargeError } from "./mcp-errors";
import { serverConnection } from "./mcp-server-connection";

export interface McpCall {
  serverId: string;
  serverName: string;
  /** The tool's name on the server. */
  tool: string;
  /** The name the model called it by (its `as`). */
  calledAs: string;
  arguments: Record<string, unknown>;
  signal?: AbortSignal;
}

export type McpCaller = (call: McpCall) => Promise<McpOutcome>;

export function createMcpCaller(db: Db): McpCaller {
  return async (call) => {
    const row = await db.mcpServer.findUnique({ where: { id: call.serverId } });
    if (!row)
      return unreachableOutcome(call.calledAs, call.serverName, new Error("the server was removed from the studio"));
    let result;
    try {
      result = await callMcpTool(serverConnection(row), call.tool, call.arguments, { signal: call.signal });
    } catch (err) {
      if (McpAnswerTooLargeError.is(err)) return tooLargeOutcome(call.calledAs, row.name, err);
      return unreachableOutcome(call.calledAs, row.name, err);
    }
    return toMcpOutcome(call.calledAs, row.name, result);
  };
}
