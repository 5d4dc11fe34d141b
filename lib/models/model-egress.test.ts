/**
 * Model requests under the egress policy (lib/models/README.md, "Egress"): a base URL typed in the
 * studio is checked when the agent is saved (no DNS) and again on every request (resolved, pinned,
 * no redirects, metadata never, loopback/private only through ATELIER_MODEL_EGRESS_ALLOW); base
 * URLs from the server's environment stay trusted. A provider failure is a short, typed, redacted
 * error. Traffic goes to a fake provider on 127.0.0.1 only; other addresses are faked resolutions.
 */
import { generateText } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLanguageModel, type ModelBuildContext } from "./create-language-model";
import { ModelConfig } from "./model-config.shared";
import { modelBaseUrlProblem, modelConfigEgressIssues } from "./model-egress";
import { ModelProviderError, redactSecrets } from "./model-provider-error";
import { openaiReplies, startFakeProviderServer, type FakeProviderServer } from "./testing/fake-provider-server";

const NO_RETRY = { timeout: 10, maxRetries: 0, backoffMultiplier: 0.5, backoffMax: 1 };

describe("modelBaseUrlProblem (save time: no DNS)", () => {
  it("refuses other schemes, credentials, literal private addresses and metadata", () => {
    expect(modelBaseUrlProblem("file:///etc/passwd", {})).toMatch(/only http and https/);
    expect(modelBaseUrlProblem("https://u:p@llm.example.com/v1", {})).toMatch(/credentials/);
    expect(modelBaseUrlProblem("http://127.0.0.1:11434/v1", {})).toMatch(
      /loopback address.*ATELIER_MODEL_EGRESS_ALLOW \(e\.g\. "127\.0\.0\.1:11434"\)/,
    );
    expect(modelBaseUrlProblem("http://192.168.1.20:8000/v1", {})).toMatch(/private address/);
    expect(modelBaseUrlProblem("http://localhost:11434/v1", {})).toMatch(/loopback/);
    expect(
      modelBaseUrlProblem("http://169.254.169.254/latest", { ATELIER_MODEL_EGRESS_ALLOW: "169.254.169.254:80" }),
    ).toMatch(/metadata/);
    expect(modelBaseUrlProblem("http://metadata.google.internal/v1", {})).toMatch(/metadata/);
  });

  it("opens exactly the host:port ATELIER_MODEL_EGRESS_ALLOW names, and no other caller's list does", () => {
    expect(modelBaseUrlProblem("http://127.0.0.1:11434/v1", { ATELIER_MODEL_EGRESS_ALLOW: "127.0.0.1:11434" })).toBe(
      null,
    );
    expect(
      modelBaseUrlProblem("http://127.0.0.1:11434/v1", { ATELIER_MODEL_EGRESS_ALLOW: "127.0.0.1:8000" }),
    ).not.toBeNull();
    for (const other of ["ATELIER_EGRESS_ALLOW", "ATELIER_MCP_EGRESS_ALLOW", "ATELIER_WEBHOOK_EGRESS_ALLOW"]) {
      expect(modelBaseUrlProblem("http://127.0.0.1:11434/v1", { [other]: "127.0.0.1:11434" }), other).not.toBeNull();
    }
  });

  it("lets public names through unresolved, and trusts the operator's OPENAI_COMPATIBLE_BASE_URL", () => {
    expect(modelBaseUrlProblem("https://llm.example.com/v1", {})).toBe(null);
    expect(
      modelBaseUrlProblem("http://127.0.0.1:11434/v1/", { OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1" }),
    ).toBe(null);
  });

  it("names the field of each refused entry, fallbacks included", () => {
    const cfg = ModelConfig.parse({
      provider: "openai-compatible",
      model: "llama3",
      baseUrl: "http://10.0.0.7:8000/v1",
      fallbackModels: [
        { provider: "openai-compatible", model: "a", baseUrl: "https://llm.example.com/v1" },
        { provider: "openai-compatible", model: "b", baseUrl: "http://169.254.169.254/v1" },
      ],
    });
    expect(modelConfigEgressIssues(cfg, {}).map((i) => i.path)).toEqual([
      ["baseUrl"],
      ["fallbackModels", 1, "baseUrl"],
    ]);
  });
});

describe("redactSecrets", () => {
  it("removes bearer tokens, sk- keys, api keys and tokens in query strings or JSON", () => {
    const text = redactSecrets(
      'Authorization: Bearer abc.DEF-123_xyz; key sk-live-1234567890abcdefXYZ, {"api_key":"k-98765"} ?key=AIzaSyA1234567890abcdefghijklmnopqrstu&x=1 nvapi-Zz9_8Yy7-6Xx5Ww4',
    );
    for (const secret of ["abc.DEF-123_xyz", "1234567890abcdefXYZ", "k-98765", "AIzaSyA1234567890", "Zz9_8Yy7"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
  });
});

describe("requests to a base URL typed in the studio", () => {
  let server: FakeProviderServer;
  let port: number;
  beforeAll(async () => {
    server = await startFakeProviderServer();
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const compat = (baseUrl: string | null, ctx: ModelBuildContext, extra: object = {}) =>
    createLanguageModel(
      ModelConfig.parse({ provider: "openai-compatible", model: "llama3", ...(baseUrl ? { baseUrl } : {}), ...extra }),
      { http: NO_RETRY, ...ctx },
    );
  const ask = (ctx: ModelBuildContext, baseUrl: string | null = `${server.url}/v1`) =>
    generateText({ model: compat(baseUrl, ctx), prompt: "hi", maxRetries: 0 });

  it("refuses loopback without ATELIER_MODEL_EGRESS_ALLOW (nothing is sent), even when the tools' list opens it", async () => {
    server.reply("/v1/chat/completions", openaiReplies.text("should not be read"));
    for (const env of [
      {},
      { ATELIER_EGRESS_ALLOW: `127.0.0.1:${port}`, ATELIER_MCP_EGRESS_ALLOW: `127.0.0.1:${port}` },
    ]) {
      const err = await ask({ env }).catch((e: unknown) => e);
      expect(ModelProviderError.is(err), String(err)).toBe(true);
      expect((err as ModelProviderError).message).toMatch(/loopback address.*ATELIER_MODEL_EGRESS_ALLOW/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("reaches it when ATELIER_MODEL_EGRESS_ALLOW names host:port", async () => {
    server.reply("/v1/chat/completions", openaiReplies.text("local model here"));
    const r = await ask({ env: { ATELIER_MODEL_EGRESS_ALLOW: `127.0.0.1:${port}` } });
    expect(r.text).toBe("local model here");
    expect(server.requests).toHaveLength(1);
  });

  it("resolves a name once and connects to the checked address; a name resolving to metadata is refused", async () => {
    server.reply("/v1/chat/completions", openaiReplies.text("pinned"));
    const env = { ATELIER_MODEL_EGRESS_ALLOW: `llm.test.invalid:${port}` };
    const r = await ask(
      { env, resolve: async () => [{ address: "127.0.0.1", family: 4 }] },
      `http://llm.test.invalid:${port}/v1`,
    );
    expect(r.text).toBe("pinned");
    expect(server.requests[0].headers.host).toBe(`llm.test.invalid:${port}`);
    const metadata = await ask(
      {
        env: { ATELIER_MODEL_EGRESS_ALLOW: `llm.test.invalid:${port}` },
        resolve: async () => [{ address: "169.254.169.254", family: 4 }],
      },
      `http://llm.test.invalid:${port}/v1`,
    ).catch((e: unknown) => e);
    expect((metadata as Error).message).toMatch(/metadata address/);
    expect(server.requests).toHaveLength(1);
  });

  it("does not follow a redirect, and does not retry it", async () => {
    server.reply("/v1/chat/completions", {
      status: 307,
      headers: { location: `${server.url}/elsewhere/chat/completions` },
      json: {},
    });
    server.reply("/elsewhere/chat/completions", openaiReplies.text("followed"));
    const err = await generateText({
      model: compat(`${server.url}/v1`, {
        env: { ATELIER_MODEL_EGRESS_ALLOW: `127.0.0.1:${port}` },
        http: { ...NO_RETRY, maxRetries: 3 },
        retry: { sleep: async () => {} },
      }),
      prompt: "hi",
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect(ModelProviderError.is(err), String(err)).toBe(true);
    expect((err as ModelProviderError).message).toMatch(/redirect.*not followed/);
    expect(server.requests.map((q) => q.path)).toEqual(["/v1/chat/completions"]);
  });

  it("a failure is a short typed error: status, provider, a bounded excerpt without secrets", async () => {
    const leak = `upstream echoed Authorization: Bearer sk-live-ABCDEFGHIJKLMNOPQRSTUVWX and ${"x".repeat(5000)}`;
    server.reply("/v1/chat/completions", openaiReplies.error(500, leak));
    const err = await ask({ env: { ATELIER_MODEL_EGRESS_ALLOW: `127.0.0.1:${port}` } }).catch((e: unknown) => e);
    expect(ModelProviderError.is(err), String(err)).toBe(true);
    const e = err as ModelProviderError;
    expect(e).toMatchObject({ status: 500, provider: "openai-compatible", model: "llama3" });
    expect(e.message).toMatch(
      /^HTTP 500 from openai-compatible:llama3: upstream echoed Authorization: Bearer \[redacted\]/,
    );
    expect(e.message).not.toContain("ABCDEFGHIJ");
    expect(e.message.length).toBeLessThanOrEqual(400);
  });

  it("an HTML error page is cut to a bounded excerpt too", async () => {
    server.reply("/v1/chat/completions", {
      status: 502,
      headers: { "content-type": "text/html" },
      json: `<html><body>Bad gateway ${"y".repeat(10_000)} api_key=hunter2-secret</body></html>`,
    });
    const err = (await ask({ env: { ATELIER_MODEL_EGRESS_ALLOW: `127.0.0.1:${port}` } }).catch(
      (x: unknown) => x,
    )) as Error;
    expect(ModelProviderError.is(err)).toBe(true);
    expect(err.message.length).toBeLessThanOrEqual(400);
    expect(err.message).not.toContain("hunter2");
  });

  it("a base URL from the environment stays trusted: no allow-list needed", async () => {
    server.reply("/v1/chat/completions", openaiReplies.text("operator's server"));
    // OPENAI_COMPATIBLE_BASE_URL alone, and an agent naming that same URL.
    const env = { OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1` };
    expect((await ask({ env }, null)).text).toBe("operator's server");
    expect((await ask({ env }, `${server.url}/v1/`)).text).toBe("operator's server");
    // OPENAI_BASE_URL (and the other providers' variables) likewise.
    const openai = createLanguageModel(ModelConfig.parse({ provider: "openai", model: "gpt-4o" }), {
      env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1` },
      http: NO_RETRY,
    });
    expect((await generateText({ model: openai, prompt: "hi", maxRetries: 0 })).text).toBe("operator's server");
    expect(server.requests).toHaveLength(3);
  });

  it("a refused entry falls back to the next one of the chain", async () => {
    server.reply("/v1/chat/completions", openaiReplies.text("fallback answered"));
    const model = createLanguageModel(
      ModelConfig.parse({
        provider: "openai-compatible",
        model: "llama3",
        baseUrl: "http://10.0.0.7:8000/v1",
        fallbackModels: [{ provider: "openai-compatible", model: "operators" }],
      }),
      { env: { OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1` }, http: NO_RETRY },
    );
    expect((await generateText({ model, prompt: "hi", maxRetries: 0 })).text).toBe("fallback answered");
  });
});
