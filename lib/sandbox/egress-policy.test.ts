import { describe, expect, it } from "vitest";
import {
  allowListFor,
  EGRESS_ALLOW_ENVS,
  egressAllowLists,
  operatorAllowList,
  parseEgressAllowList,
} from "./egress-allow-list";
import {
  checkAddress,
  checkUrlWithoutResolving,
  classifyAddress,
  matchEgress,
  parseEgressEntry,
  parseEgressList,
} from "./egress-policy";

describe("parseEgressEntry", () => {
  it("reads hosts, ports, wildcards and schemes", () => {
    expect(parseEgressEntry("API.example.com")).toMatchObject({
      host: "api.example.com",
      port: null,
      wildcard: false,
    });
    expect(parseEgressEntry("api.example.com:8443")).toMatchObject({
      host: "api.example.com",
      port: 8443,
    });
    expect(parseEgressEntry("*.example.com")).toMatchObject({ host: "example.com", wildcard: true });
    expect(parseEgressEntry("https://api.example.com/")).toMatchObject({ host: "api.example.com", port: null });
    expect(parseEgressEntry("example.com:80")).toMatchObject({ port: 80 });
  });

  it("rejects paths, credentials and garbage", () => {
    expect(parseEgressEntry("example.com/path")).toBeNull();
    expect(parseEgressEntry("user@example.com")).toBeNull();
    expect(parseEgressEntry("")).toBeNull();
    expect(parseEgressEntry("*.1.2.3.4")).toBeNull();
  });
});

describe("matchEgress", () => {
  const entries = parseEgressList(["api.example.com", "*.cdn.example.org", "localhost:4555"]);
  it("matches exact hosts, subdomain wildcards and ports", () => {
    expect(matchEgress(new URL("https://api.example.com/x"), entries)?.raw).toBe("api.example.com");
    expect(matchEgress(new URL("https://API.EXAMPLE.COM:8443/x"), entries)?.raw).toBe("api.example.com");
    expect(matchEgress(new URL("https://a.cdn.example.org/"), entries)?.raw).toBe("*.cdn.example.org");
    expect(matchEgress(new URL("https://cdn.example.org/"), entries)).toBeNull();
    expect(matchEgress(new URL("https://evil-api.example.com/"), entries)).toBeNull();
    expect(matchEgress(new URL("https://api.example.com.evil.net/"), entries)).toBeNull();
    expect(matchEgress(new URL("http://localhost:4555/"), entries)?.raw).toBe("localhost:4555");
    expect(matchEgress(new URL("http://localhost:4556/"), entries)).toBeNull();
  });
});

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["169.254.1.1", "link-local"],
    ["169.254.169.254", "metadata"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["169.254.170.2", "metadata"],
    ["168.63.129.16", "metadata"],
    ["::ffff:168.63.129.16", "metadata"],
    ["::ffff:100.100.100.200", "metadata"],
    ["::ffff:127.0.0.1", "ipv4-mapped"],
    ["::ffff:7f00:1", "ipv4-mapped"],
    ["::ffff:8.8.8.8", "ipv4-mapped"],
    ["::ffff:169.254.169.254", "metadata"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["2606:4700::1111", "public"],
    ["ff02::1", "multicast"],
  ])("%s is %s", (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });
});

describe("checkAddress", () => {
  const allow = (text: string) => parseEgressAllowList(text);
  it("lets public addresses through", () => {
    expect(() => checkAddress("api.example.com", 443, "93.184.216.34", allow(""))).not.toThrow();
  });
  it("refuses a DNS name that resolves to a private address unless the operator names it", () => {
    expect(() => checkAddress("api.example.com", 443, "10.0.0.5", allow(""))).toThrow(/private address/);
    expect(() => checkAddress("intranet", 8080, "10.0.0.5", allow(""))).toThrow(/ATELIER_EGRESS_ALLOW/);
    expect(() => checkAddress("db.internal", 5432, "10.0.0.9", allow("db.internal:5432"))).not.toThrow();
    expect(() => checkAddress("db.internal", 5433, "10.0.0.9", allow("db.internal:5432"))).toThrow(/private address/);
  });
  it("refuses a literal private host:port no operator allowed, whatever the tool lists", () => {
    expect(() => checkAddress("127.0.0.1", 4555, "127.0.0.1", allow(""))).toThrow(/loopback address/);
    expect(() => checkAddress("10.0.0.5", 8080, "10.0.0.5", allow(""))).toThrow(/private address/);
    expect(() => checkAddress("169.254.1.1", 80, "169.254.1.1", allow(""))).toThrow(/link-local address/);
    expect(() => checkAddress("fe80::1", 80, "fe80::1", allow(""))).toThrow(/link-local address/);
  });
  it("allows exactly the private host:port the operator listed", () => {
    const list = allow("10.0.0.5:8080, 127.0.0.1:4555,localhost:4556,[::1]:9000");
    expect(() => checkAddress("10.0.0.5", 8080, "10.0.0.5", list)).not.toThrow();
    expect(() => checkAddress("10.0.0.5", 8081, "10.0.0.5", list)).toThrow(/private address/);
    expect(() => checkAddress("127.0.0.1", 4555, "127.0.0.1", list)).not.toThrow();
    expect(() => checkAddress("localhost", 4556, "127.0.0.1", list)).not.toThrow();
    expect(() => checkAddress("localhost", 4555, "127.0.0.1", list)).toThrow(/loopback address/);
    expect(() => checkAddress("::1", 9000, "::1", list)).not.toThrow();
  });
  it("never allows metadata or unspecified addresses, even when the operator lists them", () => {
    const list = allow(
      "169.254.169.254:80,100.100.100.200:80,169.254.170.2:80,168.63.129.16:80,[fd00:ec2::254]:80,0.0.0.0:80",
    );
    for (const ip of ["169.254.169.254", "100.100.100.200", "169.254.170.2", "168.63.129.16", "fd00:ec2::254"]) {
      expect(() => checkAddress(ip, 80, ip, list), ip).toThrow(/metadata address, which tools may never reach/);
    }
    expect(() => checkAddress("0.0.0.0", 80, "0.0.0.0", list)).toThrow(/never reach/);
  });
  it("localhost may only mean loopback", () => {
    expect(() => checkAddress("localhost", 4555, "10.0.0.1", allow("localhost:4555"))).toThrow();
  });
});

describe("parseEgressAllowList (ATELIER_EGRESS_ALLOW)", () => {
  it("reads host:port pairs, lower-cased, IPv6 unbracketed", () => {
    expect(parseEgressAllowList(" 10.0.0.5:8080 ,DB.internal:5432,[::1]:80")).toEqual([
      { raw: "10.0.0.5:8080", host: "10.0.0.5", port: 8080 },
      { raw: "DB.internal:5432", host: "db.internal", port: 5432 },
      { raw: "[::1]:80", host: "::1", port: 80 },
    ]);
  });
  it("ignores entries without a port, wildcards, paths and empty text", () => {
    expect(parseEgressAllowList(undefined)).toEqual([]);
    expect(parseEgressAllowList("10.0.0.5,*.corp:80,db/x:1,,")).toEqual([]);
  });
  it("reads the environment variable at call time", () => {
    expect(operatorAllowList({ ATELIER_EGRESS_ALLOW: "10.0.0.5:8080" })).toEqual([
      { raw: "10.0.0.5:8080", host: "10.0.0.5", port: 8080 },
    ]);
    expect(operatorAllowList({})).toEqual([]);
  });
});

describe("one allow-list per kind of caller (README, Settings)", () => {
  const env = {
    ATELIER_EGRESS_ALLOW: "10.0.0.5:8080",
    ATELIER_MCP_EGRESS_ALLOW: "127.0.0.1:8931",
    ATELIER_MODEL_EGRESS_ALLOW: "127.0.0.1:11434",
    ATELIER_WEBHOOK_EGRESS_ALLOW: "hooks.internal:9000",
  };
  it("names the four variables", () => {
    expect(EGRESS_ALLOW_ENVS).toEqual({
      tools: "ATELIER_EGRESS_ALLOW",
      mcp: "ATELIER_MCP_EGRESS_ALLOW",
      model: "ATELIER_MODEL_EGRESS_ALLOW",
      webhook: "ATELIER_WEBHOOK_EGRESS_ALLOW",
    });
  });
  it("parses every caller's list from its own variable, in one place", () => {
    expect(egressAllowLists(env)).toEqual({
      tools: [{ raw: "10.0.0.5:8080", host: "10.0.0.5", port: 8080 }],
      mcp: [{ raw: "127.0.0.1:8931", host: "127.0.0.1", port: 8931 }],
      model: [{ raw: "127.0.0.1:11434", host: "127.0.0.1", port: 11434 }],
      webhook: [{ raw: "hooks.internal:9000", host: "hooks.internal", port: 9000 }],
    });
    expect(allowListFor("model", env)).toEqual(egressAllowLists(env).model);
    // Tools read only their own list: opening an MCP server or a local model opens nothing to them.
    expect(operatorAllowList(env)).toEqual(egressAllowLists(env).tools);
  });
  it("a refusal names the variable of the caller's list", () => {
    expect(() =>
      checkAddress("127.0.0.1", 11434, "127.0.0.1", allowListFor("tools", env), "model request", "model"),
    ).toThrow(/ATELIER_MODEL_EGRESS_ALLOW \(e\.g\. "127\.0\.0\.1:11434"\)/);
    expect(() =>
      checkAddress("127.0.0.1", 11434, "127.0.0.1", allowListFor("model", env), "model request", "model"),
    ).not.toThrow();
    expect(() => checkAddress("169.254.169.254", 80, "169.254.169.254", [], "model request", "model")).toThrow(
      /model request refused: 169\.254\.169\.254 is a metadata address, which the studio never reaches/,
    );
  });
});

describe("checkUrlWithoutResolving (save-time: no DNS)", () => {
  const check =
    (url: string, allow = "") =>
    () =>
      checkUrlWithoutResolving(url, { allow: parseEgressAllowList(allow), who: "baseUrl", caller: "model" });
  it("refuses other schemes and credentials in the URL", () => {
    expect(check("file:///etc/passwd")).toThrow(/only http and https/);
    expect(check("ftp://llm.example.com/v1")).toThrow(/only http and https/);
    expect(check("https://user:pw@llm.example.com/v1")).toThrow(/credentials/);
    expect(check("not a url")).toThrow(/not an absolute URL/);
  });
  it("refuses literal loopback, private and link-local addresses unless the list names host:port", () => {
    expect(check("http://127.0.0.1:11434/v1")).toThrow(/loopback address.*ATELIER_MODEL_EGRESS_ALLOW/);
    expect(check("http://10.1.2.3:8000/v1")).toThrow(/private address/);
    expect(check("http://[::1]:8000/v1")).toThrow(/loopback address/);
    expect(check("http://2130706433:11434/v1")).toThrow(/loopback address/); // 127.0.0.1, spelled as a number
    expect(check("http://127.0.0.1:11434/v1", "127.0.0.1:11434")).not.toThrow();
    expect(check("http://127.0.0.1:11435/v1", "127.0.0.1:11434")).toThrow(/loopback address/);
  });
  it("treats localhost and *.localhost as loopback names", () => {
    expect(check("http://localhost:11434/v1")).toThrow(/loopback/);
    expect(check("http://ollama.localhost:11434/v1")).toThrow(/loopback/);
    expect(check("http://localhost:11434/v1", "localhost:11434")).not.toThrow();
  });
  it("refuses metadata addresses and names whatever the list says", () => {
    const all = "169.254.169.254:80,metadata.google.internal:80,[fd00:ec2::254]:80";
    expect(check("http://169.254.169.254/latest/meta-data", all)).toThrow(/metadata/);
    expect(check("http://[fd00:ec2::254]/", all)).toThrow(/metadata/);
    expect(check("http://metadata.google.internal/computeMetadata/v1", all)).toThrow(/metadata/);
    expect(check("http://METADATA.google.internal./", all)).toThrow(/metadata/);
    expect(check("http://0.0.0.0:80/", "0.0.0.0:80")).toThrow(/never reach/);
  });
  it("lets other names through without resolving them (they are resolved and pinned per request)", () => {
    expect(check("https://llm.example.com/v1")).not.toThrow();
    expect(check("https://8.8.8.8/v1")).not.toThrow();
  });
});
