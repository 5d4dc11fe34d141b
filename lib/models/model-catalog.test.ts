import { describe, expect, it } from "vitest";
import { buildModelCatalog, bundledPriceSource, type ModelSource } from "./model-catalog";
import { providerNotReady } from "./model-catalog.shared";

const none = { saved: new Set<string>(), env: {} };

describe("the bundled price table as a model source", () => {
  it("lists the chat models an agent can name, not embeddings, speech, images or price-table patterns", () => {
    const ids = bundledPriceSource.models("openai").map((m) => m.id);
    expect(ids).toContain("gpt-4o");
    expect(ids).toContain("o3-mini");
    expect(ids.some((id) => /embed|whisper|tts|dall-e/.test(id))).toBe(false);
    expect(ids.every((id) => /^[A-Za-z0-9][\w./-]*[A-Za-z0-9]$/.test(id))).toBe(true);
  });

  it("keeps Google's list to Gemini and Gemma, and has nothing for providers named freely", () => {
    expect(bundledPriceSource.models("google").every((m) => /^(gemini|gemma)/.test(m.id))).toBe(true);
    expect(bundledPriceSource.models("nvidia")).toEqual([]);
    expect(bundledPriceSource.models("openai-compatible")).toEqual([]);
    expect(bundledPriceSource.models("scripted")).toEqual([]);
  });

  it("gives the per-million prices and the context window where the table has them", () => {
    expect(bundledPriceSource.models("anthropic").find((m) => m.id === "claude-3-5-sonnet")).toMatchObject({
      contextWindow: 200000,
      inputPerMillion: 3,
      outputPerMillion: 15,
    });
  });
});

describe("buildModelCatalog", () => {
  it("merges sources by model id, the first source winning, and sorts the models", () => {
    const custom: ModelSource = {
      models: (p) =>
        p === "openai"
          ? [
              {
                id: "gpt-4o",
                name: "ours",
                contextWindow: 1,
                inputPerMillion: 1,
                outputPerMillion: 1,
                source: "custom",
              },
              {
                id: "aaa-house-model",
                name: null,
                contextWindow: null,
                inputPerMillion: null,
                outputPerMillion: null,
                source: "custom",
              },
            ]
          : [],
    };
    const openai = buildModelCatalog(none, [custom, bundledPriceSource]).providers.find((p) => p.id === "openai")!;
    expect(openai.models[0].id).toBe("aaa-house-model");
    expect(openai.models.find((m) => m.id === "gpt-4o")?.source).toBe("custom");
    expect(openai.models.filter((m) => m.id === "gpt-4o")).toHaveLength(1);
  });

  it("reads the key status from the studio's saved keys and every variable of the environment", () => {
    const c = buildModelCatalog({ saved: new Set(["openai"]), env: { GEMINI_API_KEY: "g", ANTHROPIC_API_KEY: "  " } });
    const by = (id: string) => c.providers.find((p) => p.id === id)!;
    expect(by("openai")).toMatchObject({ keySaved: true, keySource: "studio" });
    expect(by("google")).toMatchObject({ keySaved: true, keySource: "environment", keyVariable: "GOOGLE_API_KEY" });
    expect(by("anthropic")).toMatchObject({ keySaved: false, keySource: null }); // blank is not a key
    expect(providerNotReady(by("anthropic"))).toBe(true);
    expect(providerNotReady(by("demo"))).toBe(false);
    expect(providerNotReady(by("openai-compatible"))).toBe(false); // a local server needs no key
    expect(providerNotReady(by("azure"))).toBe(true); // no key and no endpoint
    const azure = buildModelCatalog({ saved: new Set(["azure"]), env: { AZURE_OPENAI_ENDPOINT: "https://x" } });
    expect(providerNotReady(azure.providers.find((p) => p.id === "azure")!)).toBe(false);
  });
});
