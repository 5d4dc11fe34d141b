/**
 * Provider keys go only where they were meant to: the openai-compatible key (saved or from the
 * environment) is sent only to the base URL it was set for, and NVIDIA never borrows OpenAI's key.
 */
import { generateText } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLanguageModel } from "./create-language-model";
import { ModelConfig } from "./model-config.shared";
import { findProviderKey, openAiCompatibleKey } from "./provider-keys";
import { openaiReplies, startFakeProviderServer, type FakeProviderServer } from "./testing/fake-provider-server";

describe("openAiCompatibleKey", () => {
  const saved = {
    "openai-compatible": "sk-saved-compat",
    baseUrls: { "openai-compatible": "https://llm.corp.example/v1" },
  };

  it("sends the saved key only to the base URL it was saved with (trailing slash and case of the host aside)", () => {
    expect(openAiCompatibleKey("https://llm.corp.example/v1", {}, saved)).toBe("sk-saved-compat");
    expect(openAiCompatibleKey("https://LLM.corp.example/v1/", {}, saved)).toBe("sk-saved-compat");
    expect(openAiCompatibleKey("https://attacker.example/v1", {}, saved)).toBeNull();
    expect(openAiCompatibleKey("https://llm.corp.example/v2", {}, saved)).toBeNull();
    expect(openAiCompatibleKey("http://llm.corp.example/v1", {}, saved)).toBeNull();
  });

  it("never sends a saved key that has no base URL bound", () => {
    expect(openAiCompatibleKey("https://llm.corp.example/v1", {}, { "openai-compatible": "sk-unbound" })).toBeNull();
  });

  it("sends the environment's key only to OPENAI_COMPATIBLE_BASE_URL", () => {
    const env = { OPENAI_COMPATIBLE_API_KEY: "sk-env-compat", OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1" };
    expect(openAiCompatibleKey("http://127.0.0.1:11434/v1", env, {})).toBe("sk-env-compat");
    expect(openAiCompatibleKey("https://attacker.example/v1", env, {})).toBeNull();
    expect(openAiCompatibleKey("https://x.example/v1", { OPENAI_COMPATIBLE_API_KEY: "sk-env-compat" }, {})).toBeNull();
  });
});

describe("nvidia", () => {
  it("does not fall back to OPENAI_API_KEY", () => {
    expect(findProviderKey("nvidia", { OPENAI_API_KEY: "sk-openai" }, {})).toBeNull();
    expect(findProviderKey("nvidia", { NVIDIA_API_KEY: "nvapi-x", OPENAI_API_KEY: "sk-openai" }, {})).toBe("nvapi-x");
    expect(() =>
      createLanguageModel(ModelConfig.parse({ provider: "nvidia", model: "meta/llama-3.1-8b-instruct" }), {
        env: { OPENAI_API_KEY: "sk-openai" },
      }),
    ).toThrow("`NVIDIA_API_KEY`");
  });
});

describe("openai-compatible over HTTP", () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer();
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const ask = async (baseUrl: string, savedBase: string) => {
    server.reply("/v1/chat/completions", openaiReplies.text("ok"));
    const model = createLanguageModel(ModelConfig.parse({ provider: "openai-compatible", model: "m", baseUrl }), {
      // A base URL typed in the studio: the operator opens the local server to models.
      env: { OPENAI_COMPATIBLE_API_KEY: "sk-env-compat", ATELIER_MODEL_EGRESS_ALLOW: new URL(server.url).host },
      savedKeys: { "openai-compatible": "sk-saved-compat", baseUrls: { "openai-compatible": savedBase } },
    });
    await generateText({ model, prompt: "hi", maxRetries: 0 });
    return server.requests.at(-1)?.headers.authorization;
  };

  it("an agent naming the saved base URL gets the key; one naming another URL gets none", async () => {
    expect(await ask(`${server.url}/v1`, `${server.url}/v1`)).toBe("Bearer sk-saved-compat");
    expect(await ask(`${server.url}/v1`, "https://llm.corp.example/v1")).toBeUndefined();
  });
});
