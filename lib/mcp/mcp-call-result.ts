/**
 * An MCP `tools/call` answer as a tool outcome the model reads: structured content when the
 * server gave it, else the text parts joined (other parts kept as they came); `isError` answers
 * and failures to reach the server become clear tool errors.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpOutcome } from "./mcp-call-result.shared";
import { describeCause } from "./mcp-errors";

export type { McpOutcome };

function contentText(result: CallToolResult): string | null {
  const parts = result.content ?? [];
  if (parts.length === 0 || parts.some((p) => p.type !== "text")) return null;
  return parts.map((p) => (p as { text: string }).text).join("\n");
}

export function toMcpOutcome(toolName: string, serverName: string, result: CallToolResult): McpOutcome {
  if (result.isError) {
    const text = contentText(result) ?? JSON.stringify(result.content ?? []);
    return {
      ok: false,
      error: {
        type: "ToolExecutionError",
        message: `tool '${toolName}' on MCP server '${serverName}' failed: ${text || "(no message)"}`,
      },
    };
  }
  if (result.structuredContent !== undefined) return { ok: true, result: result.structuredContent };
  const text = contentText(result);
  return { ok: true, result: text ?? result.content ?? [] };
}

/** The server was down, timed out, or refused: what the model is told. */
export function unreachableOutcome(toolName: string, serverName: string, err: unknown): McpOutcome {
  return {
    ok: false,
    error: {
      type: "ToolExecutionError",
      message: `tool '${toolName}' could not run: MCP server '${serverName}' is unavailable (${describeCause(err)}). Tell the user; retrying now is unlikely to help.`,
    },
  };
}
