import { describe, expect, it } from "vitest";
import { clientAddress, isHttps } from "./request-meta";

const req = (headers: Record<string, string>, url = "http://studio.local/api/auth/sign-in") => ({
  method: "POST",
  url,
  headers: new Headers(headers),
});

describe("clientAddress", () => {
  const trusted = (hops: number) => ({ trustProxy: true, trustedHops: hops });

  it("takes the entry the trusted proxy appended, not the client-controlled leftmost one", () => {
    const r = req({ "x-forwarded-for": "6.6.6.6, 198.51.100.4" });
    expect(clientAddress(r, trusted(1))).toBe("198.51.100.4");
  });

  it("skips the configured number of trusted hops from the right", () => {
    const r = req({ "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" });
    expect(clientAddress(r, trusted(2))).toBe("198.51.100.4");
    expect(clientAddress(req({ "x-forwarded-for": "10.0.0.2" }), trusted(2))).toBeNull();
  });

  it("ignores the headers unless the proxy is trusted, and X-Real-IP always", () => {
    expect(clientAddress(req({ "x-forwarded-for": "1.2.3.4" }), { trustProxy: false, trustedHops: 1 })).toBeNull();
    expect(clientAddress(req({ "x-real-ip": "1.2.3.4" }), trusted(1))).toBeNull();
  });
});

describe("isHttps", () => {
  const none = { trustProxy: false, publicUrl: null };

  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    const r = req({ "x-forwarded-proto": "https" });
    expect(isHttps(r, none)).toBe(false);
    expect(isHttps(r, { trustProxy: true, publicUrl: null })).toBe(true);
  });

  it("is true for an https request or an https public URL", () => {
    expect(isHttps(req({}, "https://studio.example.com/"), none)).toBe(true);
    expect(isHttps(req({}), { trustProxy: false, publicUrl: new URL("https://studio.example.com") })).toBe(true);
    expect(isHttps(req({}), { trustProxy: false, publicUrl: new URL("http://studio.local") })).toBe(false);
  });
});
