import { describe, expect, it } from "vitest";
import { parseMcpConfig } from "./mcp-config-file";

describe("parseMcpConfig (the Claude Desktop / Cursor mcpServers format)", () => {
  it("reads stdio commands and URL servers", () => {
    const servers = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          cases: { command: "npx", args: ["-y", "case-server"], env: { TOKEN: "t" } },
          remote: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer x" } },
          legacy: { type: "sse", url: "https://old.example.com/sse" },
        },
      }),
    );
    expect(servers).toEqual([
      {
        name: "cases",
        connection: { transport: "stdio", command: "npx", args: ["-y", "case-server"], env: { TOKEN: "t" } },
      },
      {
        name: "remote",
        connection: { transport: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer x" } },
      },
      { name: "legacy", connection: { transport: "sse", url: "https://old.example.com/sse", headers: {} } },
    ]);
  });

  it("says what is wrong with a file that is not the format", () => {
    expect(() => parseMcpConfig("{")).toThrow(/not JSON/);
    expect(() => parseMcpConfig(JSON.stringify({ servers: {} }))).toThrow(/mcpServers format/);
    expect(() => parseMcpConfig(JSON.stringify({ mcpServers: { x: { args: [] } } }))).toThrow(/mcpServers format/);
    expect(() => parseMcpConfig(JSON.stringify({ mcpServers: { "bad name": { command: "x" } } }))).toThrow(
      /server name 'bad name'/,
    );
  });
});
