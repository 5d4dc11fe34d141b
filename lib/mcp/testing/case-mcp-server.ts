/**
 * A real MCP server from the SDK, for tests: a small case desk over streamable HTTP (stateless)
 * on loopback. `get_case` is read-only and idempotent, `set_case_priority` is destructive,
 * `list_cases` carries no annotations, `fail_case` always answers an MCP tool error. Tools can
 * be added while it runs (to test refresh), and `close()` takes it away mid-conversation.
 * The same tools are also served over the older HTTP+SSE transport at `sseUrl` (GET /sse, then
 * POST /messages?sessionId=…).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface CaseServer {
  url: string;
  /** The older HTTP+SSE transport's stream URL. */
  sseUrl: string;
  port: number;
  /** Headers of every request received (lower-case names). */
  requests: Array<Record<string, string | string[] | undefined>>;
  /** Calls received: tool name and arguments. */
  calls: Array<{ tool: string; args: unknown }>;
  /** Offer one more tool from the next tools/list on. */
  addTool(name: string, description: string): void;
  close(): Promise<void>;
}

const CASES: Record<string, { title: string; priority: string }> = {
  "C-42": { title: "Printer on fire", priority: "high" },
  "C-7": { title: "Password reset", priority: "low" },
};

export async function startCaseServer(port = 0): Promise<CaseServer> {
  const calls: CaseServer["calls"] = [];
  const requests: CaseServer["requests"] = [];
  const extra: Array<{ name: string; description: string }> = [];

  function build(): McpServer {
    const server = new McpServer({ name: "case-desk", version: "1.0.0" });
    server.registerTool(
      "get_case",
      {
        description: "Load one support case by its id (e.g. C-42): title and priority.",
        inputSchema: { case_id: z.string().describe("the case id, like C-42") },
        annotations: { readOnlyHint: true, idempotentHint: true },
      },
      async ({ case_id }) => {
        calls.push({ tool: "get_case", args: { case_id } });
        const found = CASES[case_id];
        if (!found) return { isError: true, content: [{ type: "text", text: `no case ${case_id}` }] };
        return { content: [{ type: "text", text: `${case_id}: ${found.title} (priority ${found.priority})` }] };
      },
    );
    server.registerTool(
      "set_case_priority",
      {
        description: "Change the priority of a support case.",
        inputSchema: { case_id: z.string(), priority: z.enum(["low", "normal", "high"]) },
        annotations: { readOnlyHint: false, destructiveHint: true },
      },
      async ({ case_id, priority }) => {
        calls.push({ tool: "set_case_priority", args: { case_id, priority } });
        return { content: [{ type: "text", text: `${case_id} is now ${priority}` }] };
      },
    );
    server.registerTool("list_cases", { description: "List the open support cases." }, async () => {
      calls.push({ tool: "list_cases", args: {} });
      return { content: [{ type: "text", text: Object.keys(CASES).join(", ") }] };
    });
    server.registerTool(
      "fail_case",
      { description: "Always fails (for tests).", inputSchema: { case_id: z.string() } },
      async ({ case_id }) => {
        calls.push({ tool: "fail_case", args: { case_id } });
        return { isError: true, content: [{ type: "text", text: `case store is locked for ${case_id}` }] };
      },
    );
    for (const t of extra)
      server.registerTool(t.name, { description: t.description }, async () => ({
        content: [{ type: "text", text: "ok" }],
      }));
    return server;
  }

  const sseSessions = new Map<string, SSEServerTransport>();
  const httpServer = http.createServer(async (req, res) => {
    requests.push({ ...req.headers });
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (req.method === "GET" && path === "/sse") {
      const transport = new SSEServerTransport("/messages", res);
      sseSessions.set(transport.sessionId, transport);
      res.on("close", () => sseSessions.delete(transport.sessionId));
      await build().connect(transport);
      return;
    }
    if (req.method === "POST" && path === "/messages") {
      const session = sseSessions.get(new URL(req.url ?? "/", "http://x").searchParams.get("sessionId") ?? "");
      if (!session) {
        res.writeHead(404).end();
        return;
      }
      await session.handlePostMessage(req, res);
      return;
    }
    await servePostStatelessly(build, req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(port, "127.0.0.1", resolve));
  const actual = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    sseUrl: `http://127.0.0.1:${actual}/sse`,
    port: actual,
    requests,
    calls,
    addTool: (name, description) => extra.push({ name, description }),
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}

/** Answers one request as a stateless streamable-HTTP MCP server built for it (405 for anything but POST). */
export async function servePostStatelessly(
  build: () => McpServer,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  if (req.method !== "POST") {
    res.writeHead(405).end();
    return;
  }
  const server = build();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
