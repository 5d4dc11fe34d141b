import { describe, expect, it } from "vitest";
import { parseEgressAllowList } from "./egress-allow-list";
import { checkOutboundUrl } from "./outbound-target";

// Policy only: every resolution is faked and nothing connects.
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));

describe("checkOutboundUrl (the reusable egress check, e.g. for MCP server URLs)", () => {
  const who = "MCP server";

  it("accepts a public https URL and returns the checked addresses", async () => {
    const out = await checkOutboundUrl("https://mcp.example.com/sse", {
      resolve: resolvesTo("93.184.216.34"),
      allow: [],
      who,
    });
    expect(out.url.hostname).toBe("mcp.example.com");
    expect(out.addresses).toEqual([{ address: "93.184.216.34", family: 4 }]);
  });

  it("refuses private, loopback and link-local targets the operator has not listed", async () => {
    const allow = parseEgressAllowList("");
    await expect(checkOutboundUrl("http://10.0.0.5:8080/", { allow, who })).rejects.toThrow(
      /MCP server refused: 10\.0\.0\.5 is a private address.*ATELIER_EGRESS_ALLOW.*"10\.0\.0\.5:8080"/,
    );
    await expect(checkOutboundUrl("http://127.0.0.1:9000/", { allow, who })).rejects.toThrow(/loopback address/);
    await expect(checkOutboundUrl("http://[fe80::1]:80/", { allow, who })).rejects.toThrow(/link-local address/);
    await expect(
      checkOutboundUrl("http://rebind.example.com/", { allow, who, resolve: resolvesTo("93.184.216.34", "10.1.1.1") }),
    ).rejects.toThrow(/rebind\.example\.com \(10\.1\.1\.1\) is a private address/);
  });

  it("accepts exactly the host:port pairs of ATELIER_EGRESS_ALLOW", async () => {
    const allow = parseEgressAllowList("10.0.0.5:8080,db.internal:5432");
    await expect(checkOutboundUrl("http://10.0.0.5:8080/x", { allow, who })).resolves.toBeTruthy();
    await expect(
      checkOutboundUrl("http://db.internal:5432/", { allow, who, resolve: resolvesTo("10.0.0.9") }),
    ).resolves.toMatchObject({ addresses: [{ address: "10.0.0.9" }] });
    await expect(checkOutboundUrl("http://10.0.0.5/", { allow, who })).rejects.toThrow(/private address/);
  });

  it("reads ATELIER_EGRESS_ALLOW when no list is given", async () => {
    const before = process.env.ATELIER_EGRESS_ALLOW;
    try {
      delete process.env.ATELIER_EGRESS_ALLOW;
      await expect(checkOutboundUrl("http://10.0.0.5:8080/")).rejects.toThrow(/private address/);
      process.env.ATELIER_EGRESS_ALLOW = "10.0.0.5:8080";
      await expect(checkOutboundUrl("http://10.0.0.5:8080/")).resolves.toBeTruthy();
    } finally {
      if (before === undefined) delete process.env.ATELIER_EGRESS_ALLOW;
      else process.env.ATELIER_EGRESS_ALLOW = before;
    }
  });

  it("reads the caller's own list: the MCP and model lists open nothing to ctx.fetch", async () => {
    const keys = ["ATELIER_EGRESS_ALLOW", "ATELIER_MCP_EGRESS_ALLOW", "ATELIER_MODEL_EGRESS_ALLOW"] as const;
    const before = keys.map((k) => process.env[k]);
    try {
      delete process.env.ATELIER_EGRESS_ALLOW;
      process.env.ATELIER_MCP_EGRESS_ALLOW = "10.0.0.5:8080";
      process.env.ATELIER_MODEL_EGRESS_ALLOW = "10.0.0.5:8080";
      await expect(checkOutboundUrl("http://10.0.0.5:8080/")).rejects.toThrow(/ATELIER_EGRESS_ALLOW/);
      await expect(checkOutboundUrl("http://10.0.0.5:8080/", { caller: "mcp", who })).resolves.toBeTruthy();
      await expect(checkOutboundUrl("http://10.0.0.5:8080/", { caller: "model", who })).resolves.toBeTruthy();
      delete process.env.ATELIER_MCP_EGRESS_ALLOW;
      process.env.ATELIER_EGRESS_ALLOW = "10.0.0.5:8080";
      await expect(checkOutboundUrl("http://10.0.0.5:8080/", { caller: "mcp", who })).rejects.toThrow(
        /ATELIER_MCP_EGRESS_ALLOW \(e\.g\. "10\.0\.0\.5:8080"\)/,
      );
    } finally {
      keys.forEach((k, i) => {
        if (before[i] === undefined) delete process.env[k];
        else process.env[k] = before[i];
      });
    }
  });

  it("never reaches a metadata endpoint, listed or not, literal or resolved", async () => {
    const allow = parseEgressAllowList("169.254.169.254:80,100.100.100.200:80,meta.internal:80");
    for (const url of ["http://169.254.169.254/", "http://100.100.100.200/", "http://[::ffff:a9fe:a9fe]/"]) {
      await expect(checkOutboundUrl(url, { allow, who }), url).rejects.toThrow(/metadata address/);
    }
    await expect(
      checkOutboundUrl("http://meta.internal/", { allow, who, resolve: resolvesTo("168.63.129.16") }),
    ).rejects.toThrow(/metadata address/);
  });

  it("refuses other schemes and credentials in the URL", async () => {
    await expect(checkOutboundUrl("file:///etc/passwd", { who })).rejects.toThrow(/only http and https/);
    await expect(checkOutboundUrl("https://u:p@example.com/", { who })).rejects.toThrow(/credentials/);
    await expect(checkOutboundUrl("not a url", { who })).rejects.toThrow(/not an absolute URL/);
  });
});
