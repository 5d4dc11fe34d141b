import { describe, expect, it } from "vitest";
import { grantConnections, missingConnectionsMessage, type GrantableConnection } from "./connection-grant";

const available = new Map<string, GrantableConnection>([
  ["weather", { complete: true, plain: { region: "eu" }, secrets: { apiKey: "wk-0123456789" } }],
  ["billing", { complete: false, plain: {}, secrets: {} }],
]);

describe("grantConnections", () => {
  it("gives the declared connections whole, with their secrets to redact", () => {
    expect(grantConnections(["weather"], available)).toEqual({
      ok: true,
      connections: { weather: { region: "eu", apiKey: "wk-0123456789" } },
      secrets: [{ label: "weather.apiKey", value: "wk-0123456789" }],
    });
    expect(grantConnections([], available)).toEqual({ ok: true, connections: {}, secrets: [] });
  });
  it("names the declared connections missing or incomplete, and gives nothing", () => {
    const grant = grantConnections(["weather", "billing", "crm"], available);
    expect(grant).toEqual({ ok: false, missing: ["billing", "crm"] });
    expect(missingConnectionsMessage("lookup", ["billing"])).toContain("connection 'billing' is not configured");
  });
});
