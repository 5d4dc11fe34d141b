/**
 * The bounds of MCP traffic, from the environment (README's settings table, docs/mcp.md):
 *
 * - `ATELIER_MCP_ASK_MAX` (1): `ask_<agent>` calls one request to `/api/mcp` may make. A request
 *   carries one JSON-RPC message (batches are refused), so one ask at most; 0 turns asking off.
 * - `ATELIER_MCP_RESPONSE_MAX_BYTES` (4 MB): bytes the studio reads of one answer of an imported
 *   server; a larger answer fails the call (or discovery) as soon as the limit is passed.
 * - `ATELIER_MCP_DISCOVERY_MAX_BYTES` (8 MB): bytes one discovery reads over all its pages.
 *
 * A stored tool result is cut to MCP_RESULT_MAX_BYTES (1 MB, as a sandbox result) with a marker.
 * Read when used (no process state): a changed value applies to the next request.
 */
import { BrandedError } from "../errors";
import { DEFAULT_SANDBOX_LIMITS, MB } from "../sandbox/sandbox-limits";

export const MCP_LIMIT_DEFAULTS = Object.freeze({
  askMax: 1,
  responseBytes: 4 * MB,
  discoveryBytes: 8 * MB,
});

const RESPONSE_SETTING = "ATELIER_MCP_RESPONSE_MAX_BYTES";
const DISCOVERY_SETTING = "ATELIER_MCP_DISCOVERY_MAX_BYTES";

/** Room for the handshake (initialize) beside one call's answer. */
const HANDSHAKE_BYTES = 64 * 1024;

/** The largest tool result stored from one call (UTF-8 bytes of its JSON), as for sandbox results. */
export const MCP_RESULT_MAX_BYTES = DEFAULT_SANDBOX_LIMITS.resultBytes;

export interface McpReadLimits {
  /** Bytes read of one answer (one HTTP response body, one stdio message). */
  responseBytes: number;
  /** Bytes read by one operation over all its answers (a discovery's pages). */
  totalBytes: number;
  /** The settings named when a limit is passed, and what the total covers ("one discovery"). */
  names: { response: string; total: string; totalOf: string };
}

/** An MCP setting of the environment is not a number the studio can use. */
export class McpSettingError extends BrandedError {
  static override readonly kind: string = "McpSettingError";
}

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min)
    throw new McpSettingError(`${name} must be a whole number of at least ${min}; it is '${raw}'.`);
  return value;
}

/** `ask_<agent>` calls one `/api/mcp` request may make (ATELIER_MCP_ASK_MAX). */
export function mcpAskMax(env: NodeJS.ProcessEnv = process.env): number {
  return readCount(env, "ATELIER_MCP_ASK_MAX", MCP_LIMIT_DEFAULTS.askMax, 0);
}

/** What one call of an imported tool may read. */
export function mcpCallReadLimits(env: NodeJS.ProcessEnv = process.env): McpReadLimits {
  const responseBytes = readCount(env, RESPONSE_SETTING, MCP_LIMIT_DEFAULTS.responseBytes, 1024);
  // The call's answer and the handshake before it (on the SSE transport, one stream carries both).
  return {
    responseBytes,
    totalBytes: responseBytes + HANDSHAKE_BYTES,
    names: { response: RESPONSE_SETTING, total: RESPONSE_SETTING, totalOf: "one call" },
  };
}

/** What one discovery (tools/list, every page) may read. */
export function mcpDiscoveryReadLimits(env: NodeJS.ProcessEnv = process.env): McpReadLimits {
  return {
    responseBytes: readCount(env, RESPONSE_SETTING, MCP_LIMIT_DEFAULTS.responseBytes, 1024),
    totalBytes: readCount(env, DISCOVERY_SETTING, MCP_LIMIT_DEFAULTS.discoveryBytes, 1024),
    names: { response: RESPONSE_SETTING, total: DISCOVERY_SETTING, totalOf: "one discovery" },
  };
}
