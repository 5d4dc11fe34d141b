/**
 * Talking to an external MCP server with the official SDK client: one short-lived connection per
 * operation (discovery, one call), closed afterwards. Every HTTP request the transport makes —
 * the first and any later one, to the same or another URL — passes the URL policy
 * (mcp-url-policy.ts) first and connects to the address that policy checked (a pinned lookup, so
 * a DNS answer that changes between the check and the connection is never used), and redirects
 * are refused rather than followed unchecked. What an operation reads is bounded
 * (mcp-read-budget.ts): an answer past ATELIER_MCP_RESPONSE_MAX_BYTES, or a discovery past
 * ATELIER_MCP_DISCOVERY_MAX_BYTES, fails it with McpAnswerTooLargeError as soon as it is passed.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import { pinnedLookup } from "../sandbox/outbound-target";
import type { McpConnection } from "./mcp-connection";
import { McpUrlRefusedError } from "./mcp-errors";
import { mcpCallReadLimits, mcpDiscoveryReadLimits, type McpReadLimits } from "./mcp-limits";
import { McpReadBudget } from "./mcp-read-budget";
import { checkMcpTarget, checkMcpUrl, type Resolve } from "./mcp-url-policy";

export const MCP_CLIENT_INFO = { name: "atelier", version: "0.1.0" };
/** Connecting and discovery; a call's own budget is MCP_CALL_TIMEOUT_MS. */
export const MCP_CONNECT_TIMEOUT_MS = 10_000;
export const MCP_CALL_TIMEOUT_MS = 60_000;

export interface McpCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** What the operation may read; default: the settings for a call or a discovery (mcp-limits.ts). */
  limits?: McpReadLimits;
}

/**
 * fetch with the URL policy applied to every request, the connection pinned to the checked
 * address, and no silent redirects. `resolve`/`allow` replace DNS and ATELIER_MCP_EGRESS_ALLOW in tests.
 */
export function createPolicedFetch(options: { resolve?: Resolve; allow?: string } = {}): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const { address } = await checkMcpTarget(url, options);
    const dispatcher = address ? new Agent({ connect: { lookup: pinnedLookup(address) } }) : undefined;
    const res = await undiciFetch(url, {
      ...(init as UndiciRequestInit),
      redirect: "manual",
      ...(dispatcher ? { dispatcher } : {}),
    });
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      throw new McpUrlRefusedError(
        `The MCP server at ${new URL(url).origin} redirected to ${res.headers.get("location")}; give that URL instead.`,
      );
    }
    return res as unknown as Response;
  }) as typeof fetch;
}

export const policedFetch = createPolicedFetch();

function createTransport(c: McpConnection, budget: McpReadBudget): Transport {
  if (c.transport === "stdio") {
    const transport = new StdioClientTransport({
      command: c.command,
      args: c.args,
      env: { ...getDefaultEnvironment(), ...c.env },
      ...(c.cwd ? { cwd: c.cwd } : {}),
      stderr: "ignore",
      // The SDK drops the connection when an unfinished line grows past this.
      maxBufferSize: budget.limits.responseBytes,
    });
    // Set before connect: the client chains its own handlers after these.
    transport.onerror = (err) => {
      if (/ReadBuffer exceeded maximum size/.test(err.message)) budget.answerTooLarge();
    };
    transport.onmessage = (message) => {
      const size = Buffer.byteLength(JSON.stringify(message), "utf8");
      budget.count(size, size);
    };
    return transport;
  }
  const url = new URL(c.url);
  const requestInit = { headers: c.headers };
  const fetch = budget.wrapFetch(policedFetch);
  return c.transport === "sse"
    ? new SSEClientTransport(url, { requestInit, fetch })
    : new StreamableHTTPClientTransport(url, { requestInit, fetch });
}

/** Opens a connection, runs `fn`, and always closes it; reading past `limits` fails it at once. */
export async function withMcpClient<T>(
  c: McpConnection,
  fn: (client: Client) => Promise<T>,
  options: McpCallOptions & { limits: McpReadLimits },
): Promise<T> {
  if (c.transport !== "stdio") await checkMcpUrl(c.url);
  const budget = new McpReadBudget(options.limits);
  const client = new Client(MCP_CLIENT_INFO, { capabilities: {} });
  const transport = createTransport(c, budget);
  try {
    await Promise.race([
      client.connect(transport, { timeout: MCP_CONNECT_TIMEOUT_MS, signal: options.signal }),
      budget.exceeded,
    ]);
    return await Promise.race([fn(client), budget.exceeded]);
  } catch (err) {
    // A transport that failed on the cut-off answer may report it as its own error: say why.
    throw budget.error ?? err;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Every tool the server lists (following pagination). */
export async function listMcpTools(c: McpConnection, options: McpCallOptions = {}): Promise<Tool[]> {
  return withMcpClient(
    c,
    async (client) => {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const res = await client.listTools(cursor ? { cursor } : undefined, {
          timeout: options.timeoutMs ?? MCP_CONNECT_TIMEOUT_MS,
          signal: options.signal,
        });
        tools.push(...res.tools);
        cursor = res.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    { ...options, limits: options.limits ?? mcpDiscoveryReadLimits() },
  );
}

/** One call of one tool; the server's answer as it came (isError included). */
export async function callMcpTool(
  c: McpConnection,
  name: string,
  args: Record<string, unknown>,
  options: McpCallOptions = {},
): Promise<CallToolResult> {
  return withMcpClient(
    c,
    async (client) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        timeout: options.timeoutMs ?? MCP_CALL_TIMEOUT_MS,
        signal: options.signal,
      })) as CallToolResult,
    { ...options, limits: options.limits ?? mcpCallReadLimits() },
  );
}
