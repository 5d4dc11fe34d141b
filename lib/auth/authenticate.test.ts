import { describe, expect, it } from "vitest";
import { assertSameOrigin } from "./authenticate";
import { canGrant, parseRoles, serializeRoles } from "./roles";

const req = (headers: Record<string, string>) => ({
  method: "POST",
  url: "http://localhost:3000/api/x",
  headers: new Headers({ host: "localhost:3000", ...headers }),
});

describe("assertSameOrigin (CSRF for cookie requests)", () => {
  it("accepts our own Origin, or Sec-Fetch-Site same-origin", () => {
    expect(() => assertSameOrigin(req({ origin: "http://localhost:3000" }), [])).not.toThrow();
    expect(() => assertSameOrigin(req({ "sec-fetch-site": "same-origin" }), [])).not.toThrow();
    expect(() =>
      assertSameOrigin(req({ origin: "https://studio.example.com" }), ["https://studio.example.com"]),
    ).not.toThrow();
  });

  it.each([
    [{ origin: "https://evil.example" }, "Cross-site request refused: Origin https://evil.example is not this studio."],
    [{ origin: "null" }, "Cross-site request refused: Origin null is not this studio."],
    [{ "sec-fetch-site": "cross-site" }, "Cross-site request refused (Sec-Fetch-Site: cross-site)."],
    [{ "sec-fetch-site": "same-site" }, "Cross-site request refused (Sec-Fetch-Site: same-site)."],
    [{}, "Request refused: a request that uses the session cookie must send its Origin."],
  ])("refuses %o", (headers, message) => {
    expect(() => assertSameOrigin(req(headers), [])).toThrow(message);
  });
});

describe("roles", () => {
  it("parses and serialises in a canonical order, dropping unknown roles", () => {
    expect(parseRoles("viewer, admin,hacker")).toEqual(["viewer", "admin"]);
    expect(serializeRoles(["viewer", "author"])).toBe("author,viewer");
  });

  it("lets admins grant any role and others only roles they hold", () => {
    expect(canGrant(["admin"], "approver")).toBe(true);
    expect(canGrant(["author", "viewer"], "viewer")).toBe(true);
    expect(canGrant(["author"], "approver")).toBe(false);
  });
});
