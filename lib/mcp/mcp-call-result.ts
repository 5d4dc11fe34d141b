/**
 * An MCP `tools/call` answer as a tool outcome the model reads: structured content when the
 * server gave it, else the text parts joined (other parts kept as they came); `isError` answers
 * and failures to reach the server become clear tool errors. A result (or error text) larger than
 * MCP_RESULT_MAX_BYTES (1 MB, as a sandbox result) is kept as the start of its text with a marker
 * saying how much the tool answered, so the model knows it is cut and can ask for less.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { formatBytes } from "../sandbox/sandbox-limits";
import type { McpOutcome } from "./mcp-call-result.shared";
import { describeCause, type McpAnswerTooLargeError } from "./mcp-errors";
import { MCP_RESULT_MAX_BYTES } from "./mcp-limits";

export type { McpOutcome };

function contentText(result: CallToolResult): string | null {
  const parts = result.content ?? [];
  if (parts.length === 0 || parts.some((p) => p.type !== "text")) return null;
  return parts.map((p) => (p as { text: string }).text).join("\n");
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes (never half a character). */
function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--; // back to the start of a character
  return bytes.subarray(0, end).toString("utf8");
}

/**
 * `value` as stored: unchanged when its text (a string as is, anything else as JSON) fits in
 * `maxBytes`; otherwise the start of that text and a marker, within `maxBytes` in all.
 */
export function capStoredResult(value: unknown, maxBytes: number = MCP_RESULT_MAX_BYTES): unknown {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
  const size = Buffer.byteLength(text, "utf8");
  if (size <= maxBytes) return value;
  const marker = `\n…[truncated by Atelier: the tool answered ${formatBytes(size)} (${size} bytes); the studio keeps its first ${formatBytes(maxBytes)}. Ask for less: narrow the query or page through it.]`;
  return utf8Prefix(text, Math.max(0, maxBytes - Buffer.byteLength(marker, "utf8"))) + marker;
}

export function toMcpOutcome(toolName: string, serverName: string, result: CallToolResult): McpOutcome {
  if (result.isError) {
    const text = contentText(result) ?? JSON.stringify(result.content ?? []);
    return {
      ok: false,
      error: {
        type: "ToolExecutionError",
        message: capStoredResult(
          `tool '${toolName}' on MCP server '${serverName}' failed: ${text || "(no message)"}`,
        ) as string,
      },
    };
  }
  if (result.structuredContent !== undefined) return { ok: true, result: capStoredResult(result.structuredContent) };
  const text = contentText(result);
  return { ok: true, result: capStoredResult(text ?? result.content ?? []) };
}

/** The server answered more than the studio reads: nothing of it is kept, and the model is told why. */
export function tooLargeOutcome(toolName: string, serverName: string, err: McpAnswerTooLargeError): McpOutcome {
  return {
    ok: false,
    error: {
      type: "ToolLimitError",
      message: `tool '${toolName}' on MCP server '${serverName}' was not read: ${err.message}. Ask for less (narrow the query or page through it)`,
    },
  };
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
