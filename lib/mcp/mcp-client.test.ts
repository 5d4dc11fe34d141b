/**
 * The MCP client's fetch: each request passes the URL policy and connects to the address the
 * policy checked — never to a second DNS answer — and redirects are refused. Traffic goes to a
 * local server on 127.0.0.1 only; names ending in `.invalid` never resolve, so a request to one
 * that arrives proves the pinned address was used.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPolicedFetch, withMcpClient } from "./mcp-client";

let server: http.Server;
let port = 0;
const seen: Array<{ host: string | undefined; url: string | undefined }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ host: req.headers.host, url: req.url });
    if (req.url === "/moved") {
      res.writeHead(302, { location: "http://elsewhere.invalid/" });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("createPolicedFetch", () => {
  it("connects to the checked address, not to a new resolution of the name", async () => {
    let lookups = 0;
    const policed = createPolicedFetch({
      resolve: async () => {
        lookups++;
        return ["127.0.0.1"];
      },
      allow: `mcp.example.invalid:${port}`,
    });
    const res = await policed(`http://mcp.example.invalid:${port}/mcp`, { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(lookups).toBe(1);
    // The server saw the name the client asked for (Host header), over the pinned connection.
    expect(seen.at(-1)).toEqual({ host: `mcp.example.invalid:${port}`, url: "/mcp" });
  });

  it("refuses a private address the allow-list does not name, before connecting", async () => {
    const before = seen.length;
    const policed = createPolicedFetch({ resolve: async () => ["127.0.0.1"], allow: "" });
    await expect(policed(`http://mcp.example.invalid:${port}/mcp`)).rejects.toThrow(/127\.0\.0\.1/);
    expect(seen.length).toBe(before);
  });

  it("refuses a redirect instead of following it", async () => {
    const policed = createPolicedFetch({ resolve: async () => ["127.0.0.1"], allow: `mcp.example.invalid:${port}` });
    await expect(policed(`http://mcp.example.invalid:${port}/moved`)).rejects.toThrow(
      /redirected to http:\/\/elsewhere\.invalid\/; give that URL instead/,
    );
  });
});

describe("what one operation reads", () => {
  const limits = (bytes: number) => ({
    responseBytes: bytes,
    totalBytes: bytes,
    names: { response: "ATELIER_MCP_RESPONSE_MAX_BYTES", total: "ATELIER_MCP_RESPONSE_MAX_BYTES", totalOf: "one call" },
  });

  it("a stdio server answering one 20 MB line fails at the limit, naming it", async () => {
    // Answers every line it reads with 20 MB of one unfinished JSON line.
    const flood = `process.stdin.on("data", () => { process.stdout.write('{"jsonrpc":"2.0","id":0,"result":"' + "x".repeat(20 * 1024 * 1024)); });`;
    const started = performance.now();
    await expect(
      withMcpClient(
        { transport: "stdio", command: process.execPath, args: ["-e", flood], env: {} },
        async () => "never",
        { limits: limits(64 * 1024) },
      ),
    ).rejects.toMatchObject({
      name: "McpAnswerTooLargeError",
      message: expect.stringMatching(/more than 64 KB \(ATELIER_MCP_RESPONSE_MAX_BYTES\)/),
    });
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
