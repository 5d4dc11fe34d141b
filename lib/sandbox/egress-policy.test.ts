import { describe, expect, it } from "vitest";
import { checkAddress, classifyAddress, matchEgress, parseEgressEntry, parseEgressList } from "./egress-policy";

describe("parseEgressEntry", () => {
  it("reads hosts, ports, wildcards and schemes", () => {
    expect(parseEgressEntry("API.example.com")).toMatchObject({
      host: "api.example.com",
      port: null,
      wildcard: false,
      allowsPrivate: false,
    });
    expect(parseEgressEntry("api.example.com:8443")).toMatchObject({
      host: "api.example.com",
      port: 8443,
      allowsPrivate: false,
    });
    expect(parseEgressEntry("*.example.com")).toMatchObject({ host: "example.com", wildcard: true });
    expect(parseEgressEntry("https://api.example.com/")).toMatchObject({ host: "api.example.com", port: null });
    expect(parseEgressEntry("example.com:80")).toMatchObject({ port: 80 });
  });

  it("grants private access only to a literal address or localhost with a port", () => {
    expect(parseEgressEntry("localhost:4555")?.allowsPrivate).toBe(true);
    expect(parseEgressEntry("127.0.0.1:4555")?.allowsPrivate).toBe(true);
    expect(parseEgressEntry("[::1]:8080")).toMatchObject({ host: "::1", port: 8080, allowsPrivate: true });
    expect(parseEgressEntry("localhost")?.allowsPrivate).toBe(false);
    expect(parseEgressEntry("127.0.0.1")?.allowsPrivate).toBe(false);
    expect(parseEgressEntry("intranet.corp:8080")?.allowsPrivate).toBe(false);
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
  const entry = (raw: string) => parseEgressEntry(raw)!;
  it("lets public addresses through any matching entry", () => {
    expect(() => checkAddress("api.example.com", "93.184.216.34", entry("api.example.com"))).not.toThrow();
  });
  it("refuses a DNS name that resolves to a private address, even with a port", () => {
    expect(() => checkAddress("api.example.com", "10.0.0.5", entry("api.example.com"))).toThrow(/private address/);
    expect(() => checkAddress("intranet", "10.0.0.5", entry("intranet:8080"))).toThrow(/private address/);
  });
  it("allows the literal private host:port that was listed", () => {
    expect(() => checkAddress("127.0.0.1", "127.0.0.1", entry("127.0.0.1:4555"))).not.toThrow();
    expect(() => checkAddress("localhost", "127.0.0.1", entry("localhost:4555"))).not.toThrow();
    expect(() => checkAddress("127.0.0.1", "127.0.0.1", entry("127.0.0.1"))).toThrow(
      /private addresses are reachable only/,
    );
  });
  it("never allows metadata or unspecified addresses", () => {
    expect(() => checkAddress("169.254.169.254", "169.254.169.254", entry("169.254.169.254:80"))).toThrow(
      /never reach/,
    );
    expect(() => checkAddress("0.0.0.0", "0.0.0.0", entry("0.0.0.0:80"))).toThrow(/never reach/);
  });
  it("localhost may only mean loopback", () => {
    expect(() => checkAddress("localhost", "10.0.0.1", entry("localhost:4555"))).toThrow();
  });
});
