/**
 * Egress decisions for webhook URLs, checked through the policy functions only: nothing here
 * connects anywhere (resolution is replaced; refused targets are refused before any socket).
 */
import { describe, expect, it } from "vitest";
import { postWebhook, webhookUrlProblem } from "./webhook-egress";

const env = (allow?: string) => ({ ATELIER_WEBHOOK_EGRESS_ALLOW: allow });

describe("webhook egress", () => {
  it("lets a public https URL be saved", () => {
    expect(webhookUrlProblem("https://hooks.example.com/atelier", env())).toBeNull();
  });

  it("refuses metadata addresses and names whatever the allow-list says", () => {
    expect(webhookUrlProblem("http://169.254.169.254/latest", env("169.254.169.254:80"))).toMatch(/metadata/);
    expect(webhookUrlProblem("http://metadata.google.internal/x", env("metadata.google.internal:80"))).toMatch(
      /metadata/,
    );
    expect(webhookUrlProblem("http://[fd00:ec2::254]/", env())).toMatch(/metadata/);
  });

  it("opens a private or loopback target only when ATELIER_WEBHOOK_EGRESS_ALLOW names its host:port", () => {
    expect(webhookUrlProblem("http://10.0.0.5:8080/hook", env())).toMatch(/ATELIER_WEBHOOK_EGRESS_ALLOW/);
    expect(webhookUrlProblem("http://10.0.0.5:8080/hook", env("10.0.0.5:8080"))).toBeNull();
    expect(webhookUrlProblem("http://10.0.0.5:9090/hook", env("10.0.0.5:8080"))).toMatch(/refused/);
    expect(webhookUrlProblem("http://localhost:4555/hook", env())).toMatch(/ATELIER_WEBHOOK_EGRESS_ALLOW/);
    expect(webhookUrlProblem("http://localhost:4555/hook", env("localhost:4555"))).toBeNull();
  });

  it("does not read the other callers' lists", () => {
    const others = { ATELIER_EGRESS_ALLOW: "10.0.0.5:8080", ATELIER_MCP_EGRESS_ALLOW: "10.0.0.5:8080" };
    expect(webhookUrlProblem("http://10.0.0.5:8080/hook", others)).toMatch(/ATELIER_WEBHOOK_EGRESS_ALLOW/);
  });

  it("refuses credentials in the URL and other schemes", () => {
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/", env())).toMatch(/credentials/);
    expect(webhookUrlProblem("ftp://hooks.example.com/", env())).toMatch(/http and https/);
  });

  it("checks every resolved address at send time: a public name resolving somewhere private is refused", async () => {
    const result = await postWebhook("https://hooks.example.com/x", {}, "{}", {
      timeoutMs: 1000,
      env: env(),
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.1.2.3", family: 4 },
      ],
    });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/10\.1\.2\.3.*ATELIER_WEBHOOK_EGRESS_ALLOW/);
  });

  it("refuses a name resolving to a metadata address at send time", async () => {
    const result = await postWebhook("https://rebound.example.com/x", {}, "{}", {
      timeoutMs: 1000,
      env: env("rebound.example.com:443"),
      resolve: async () => [{ address: "169.254.169.254", family: 4 }],
    });
    expect(result.error).toMatch(/metadata/);
  });
});
