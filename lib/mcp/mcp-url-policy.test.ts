import { describe, expect, it } from "vitest";
import { checkMcpUrl } from "./mcp-url-policy";

const publicDns = async () => ["93.184.216.34"];

describe("checkMcpUrl", () => {
  it("lets a public host through", async () => {
    await expect(checkMcpUrl("https://mcp.example.com/mcp", { allow: "", resolve: publicDns })).resolves.toBeInstanceOf(
      URL,
    );
  });

  it("refuses loopback unless ATELIER_MCP_EGRESS_ALLOW names that address and port", async () => {
    await expect(checkMcpUrl("http://127.0.0.1:4555/mcp", { allow: "" })).rejects.toMatchObject({
      code: "egress_refused",
      message: expect.stringMatching(/ATELIER_MCP_EGRESS_ALLOW.*127\.0\.0\.1:4555/),
    });
    await expect(checkMcpUrl("http://127.0.0.1:4555/mcp", { allow: "127.0.0.1:4556" })).rejects.toThrow();
    await expect(checkMcpUrl("http://127.0.0.1:4555/mcp", { allow: "127.0.0.1:4555" })).resolves.toBeTruthy();
    await expect(
      checkMcpUrl("http://localhost:4555/mcp", { allow: "x.example, localhost:4555" }),
    ).resolves.toBeTruthy();
  });

  it("reads ATELIER_MCP_EGRESS_ALLOW, not the tools' ATELIER_EGRESS_ALLOW", async () => {
    const keys = ["ATELIER_EGRESS_ALLOW", "ATELIER_MCP_EGRESS_ALLOW"] as const;
    const before = keys.map((k) => process.env[k]);
    try {
      process.env.ATELIER_EGRESS_ALLOW = "127.0.0.1:4555";
      delete process.env.ATELIER_MCP_EGRESS_ALLOW;
      await expect(checkMcpUrl("http://127.0.0.1:4555/mcp")).rejects.toThrow(/ATELIER_MCP_EGRESS_ALLOW/);
      delete process.env.ATELIER_EGRESS_ALLOW;
      process.env.ATELIER_MCP_EGRESS_ALLOW = "127.0.0.1:4555";
      await expect(checkMcpUrl("http://127.0.0.1:4555/mcp")).resolves.toBeTruthy();
    } finally {
      keys.forEach((k, i) => {
        if (before[i] === undefined) delete process.env[k];
        else process.env[k] = before[i];
      });
    }
  });

  it("lets a DNS name reach a private address only when the operator lists that name and port", async () => {
    const resolve = async () => ["10.0.0.5"];
    await expect(checkMcpUrl("http://internal.example:80/", { allow: "", resolve })).rejects.toMatchObject({
      code: "egress_refused",
    });
    await expect(
      checkMcpUrl("http://internal.example:80/", { allow: "internal.example:80", resolve }),
    ).resolves.toBeTruthy();
  });

  it("refuses metadata addresses, other schemes and credentials in the URL", async () => {
    await expect(checkMcpUrl("http://169.254.169.254/latest", { allow: "169.254.169.254:80" })).rejects.toThrow(
      /metadata/,
    );
    await expect(checkMcpUrl("file:///etc/passwd", { allow: "" })).rejects.toThrow(/http or https/);
    await expect(checkMcpUrl("https://u:p@mcp.example.com/", { allow: "", resolve: publicDns })).rejects.toThrow(
      /header/,
    );
    await expect(checkMcpUrl("not a url", { allow: "" })).rejects.toThrow(/not a URL/);
  });
});
