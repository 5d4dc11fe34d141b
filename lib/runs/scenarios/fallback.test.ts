/**
 * A model's fallback chain over real HTTP (the fake OpenAI server on loopback): the usage report names
 * the entry that answered and the model that was asked for, the cost is the exact integer nano-USD of
 * the answering model's price, and a missing key fails the run at its start naming the variable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calcPrice } from "@pydantic/genai-prices";
import { PRICE_VERSION, priceUsage } from "../../events/price-usage";
import {
  openaiReplies,
  startFakeProviderServer,
  type FakeProviderServer,
} from "../../models/testing/fake-provider-server";
import { createHarness, eventsOfType, eventTypes, turn } from "../testing/run-harness";

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server?.close();
});

const USAGE = {
  prompt_tokens: 1234,
  completion_tokens: 567,
  total_tokens: 1801,
  prompt_tokens_details: { cached_tokens: 200 },
};

describe("fallback chain", () => {
  it("reports the fallback entry that answered, the requested primary, and the exact nano-USD cost", async () => {
    server.requests.length = 0;
    server.reply(
      "/v1/chat/completions",
      openaiReplies.error(500, "the primary is down"),
      openaiReplies.streamText(["Paris has ", "about 2.1 million people."], USAGE),
    );
    const h = createHarness({ env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1` } });
    h.agents.define({
      name: "resilient",
      model: { provider: "openai", model: "gpt-4o-mini", fallbackModels: [{ provider: "openai", model: "gpt-4o" }] },
      runtime: { http: { maxRetries: 0 } },
    });
    const result = await turn(h.deps, "c", "resilient", "How many people live in Paris?");
    expect(result.final).toMatchObject({ status: "completed", text: "Paris has about 2.1 million people." });
    expect(server.requests.map((r) => r.body?.model)).toEqual(["gpt-4o-mini", "gpt-4o"]);

    // By hand, from gpt-4o's per-million prices in the bundled snapshot: $2.50 input, $1.25 cached
    // input, $10 output. 1 USD per million tokens is 1,000 nano-USD per token.
    const prices = calcPrice({ input_tokens: 1, output_tokens: 1 }, "gpt-4o", { providerId: "openai" })!.model_price;
    expect(prices).toMatchObject({ input_mtok: 2.5, cache_read_mtok: 1.25, output_mtok: 10 });
    const byHand = (1234 - 200) * 2_500 + 200 * 1_250 + 567 * 10_000;
    expect(byHand).toBe(8_505_000);
    const priced = priceUsage("openai", "gpt-4o", {
      inputTokens: 1234,
      outputTokens: 567,
      cacheReadTokens: 200,
      cacheWriteTokens: 0,
    });
    expect(priced).toEqual({ costNanoUsd: byHand, priced: true, priceVersion: PRICE_VERSION });

    const [usage] = eventsOfType(h.store, "c", "LlmUsageEvent");
    expect(usage.data).toEqual({
      provider: "openai",
      model: "gpt-4o",
      requestedModel: "openai:gpt-4o-mini",
      inputTokens: 1234,
      outputTokens: 567,
      cacheReadTokens: 200,
      cacheWriteTokens: 0,
      totalTokens: 1801,
      costNanoUsd: 8_505_000,
      priced: true,
      priceVersion: PRICE_VERSION,
      durationMs: 0,
      // The agent has no tools: none offered.
      offeredTools: [],
    });
    expect(Number.isInteger(usage.data.costNanoUsd)).toBe(true);
    expect(eventsOfType(h.store, "c", "RunStarted")[0].data.model).toBe("openai:gpt-4o-mini");
    expect(eventsOfType(h.store, "c", "RunFinished")[0].data).toMatchObject({
      status: "completed",
      costNanoUsd: 8_505_000,
    });
    expect(h.store.runs.get(result.final.runId)).toMatchObject({
      costNanoUsd: 8_505_000,
      answeredModel: "openai:gpt-4o",
    });
  });

  it("fails the run at its start when the primary's key is missing, naming the variable", async () => {
    server.requests.length = 0;
    const h = createHarness({ env: { OPENAI_BASE_URL: `${server.url}/v1` } });
    h.agents.define({ name: "keyless", model: { provider: "openai", model: "gpt-4o" } });
    const result = await turn(h.deps, "c", "keyless", "hello");
    expect(result.final).toMatchObject({ status: "failed", stopReason: "error" });
    expect(eventsOfType(h.store, "c", "RunFinished")[0].data).toMatchObject({
      status: "failed",
      stopReason: "error",
      error: { type: "ModelConfigurationError", message: expect.stringContaining("OPENAI_API_KEY") },
    });
    expect(eventTypes(h.store, "c")).toEqual(["RunStarted", "LlmMessageEvent", "RunFinished"]);
    expect(server.requests).toHaveLength(0);
  });

  it("fails the run at its start when a fallback entry's key is missing, before any request", async () => {
    server.requests.length = 0;
    server.reply("/v1/chat/completions", openaiReplies.streamText(["never sent"]));
    const h = createHarness({ env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1` } });
    h.agents.define({
      name: "half_keyed",
      model: {
        provider: "openai",
        model: "gpt-4o",
        fallbackModels: [{ provider: "anthropic", model: "claude-sonnet-4-5" }],
      },
    });
    const result = await turn(h.deps, "c", "half_keyed", "hello");
    expect(result.final.status).toBe("failed");
    expect(result.final.error?.message).toContain("ANTHROPIC_API_KEY");
    expect(server.requests).toHaveLength(0);
  });
});
