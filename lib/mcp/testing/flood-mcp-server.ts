/**
 * A real MCP server from the SDK (streamable HTTP, stateless, JSON answers) on loopback that
 * answers as much as it is asked to, for the studio's read limits: `big_text` answers `bytes`
 * bytes of text, `big_object` the same as structured content, and with `listBytes` its
 * `tools/list` carries a tool whose description is that long. `sent` counts the bytes written.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { servePostStatelessly } from "./case-mcp-server";
import { z } from "zod";

export interface FloodServer {
  url: string;
  port: number;
  /** Calls received: tool name and the bytes asked for. */
  calls: Array<{ tool: string; bytes: number }>;
  /** Make the next tools/list answers this many bytes larger (0: a small list). */
  setListBytes(bytes: number): void;
  close(): Promise<void>;
}

export async function startFloodServer(port = 0): Promise<FloodServer> {
  const calls: FloodServer["calls"] = [];
  let listBytes = 0;

  function build(): McpServer {
    const server = new McpServer({ name: "flood", version: "1.0.0" });
    server.registerTool(
      "big_text",
      {
        description: "Answers as many bytes of text as asked.",
        inputSchema: { bytes: z.number().int().nonnegative() },
        annotations: { readOnlyHint: true },
      },
      async ({ bytes }) => {
        calls.push({ tool: "big_text", bytes });
        return { content: [{ type: "text", text: "x".repeat(bytes) }] };
      },
    );
    server.registerTool(
      "big_object",
      {
        description: "Answers as many bytes of structured content as asked.",
        inputSchema: { bytes: z.number().int().nonnegative() },
        annotations: { readOnlyHint: true },
      },
      async ({ bytes }) => {
        calls.push({ tool: "big_object", bytes });
        const data = "y".repeat(bytes);
        return { content: [{ type: "text", text: "see structured content" }], structuredContent: { data } };
      },
    );
    if (listBytes > 0)
      server.registerTool("padded", { description: "p".repeat(listBytes) }, async () => ({
        content: [{ type: "text", text: "ok" }],
      }));
    return server;
  }

  const httpServer = http.createServer((req, res) => servePostStatelessly(build, req, res));
  await new Promise<void>((resolve) => httpServer.listen(port, "127.0.0.1", resolve));
  const actual = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    port: actual,
    calls,
    setListBytes: (bytes) => {
      listBytes = bytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
