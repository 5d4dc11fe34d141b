/**
 * The real HTTP path of the OpenAI and Anthropic providers (through their @ai-sdk packages, the
 * retrying fetch and the fallback chain) against local fake servers on 127.0.0.1.
 */
import { generateText, jsonSchema, streamText, tool } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ModelConfig } from "./model-config.shared";
import { answeredByOf } from "./configured-model";
import { createLanguageModel, type ModelBuildContext } from "./create-language-model";
import {
  anthropicReplies,
  openaiReplies,
  startFakeProviderServer,
  type FakeProviderServer,
} from "./testing/fake-provider-server";

let server: FakeProviderServer;
let waits: number[];
let ctx: ModelBuildContext;

beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => server?.close());
beforeEach(() => {
  server.requests.length = 0;
  waits = [];
  ctx = {
    env: {
      OPENAI_API_KEY: "sk-test-openai",
      OPENAI_BASE_URL: `${server.url}/v1`,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: `${server.url}/v1`,
    },
    retry: { sleep: async (ms) => void waits.push(ms), random: () => 1 },
  };
});

const forecastTool = {
  forecast: tool({
    description: "Return a short weather forecast for a city.",
    inputSchema: jsonSchema({ type: "object", properties: { city: { type: "string" } }, required: ["city"] } as never),
  }),
};

/** A recursive type: `$defs` at the root, and a member whose description sits beside its `$ref`. */
const treeSchema = {
  type: "object",
  properties: { root: { description: "The top node.", $ref: "#/$defs/Node" } },
  required: ["root"],
  $defs: {
    Node: {
      type: "object",
      properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
      required: ["label", "children"],
    },
  },
};
const treeTool = {
  count_nodes: tool({
    description: "Count the nodes of a tree.",
    inputSchema: jsonSchema(treeSchema as never),
  }),
};

const openai = (extra: object = {}) =>
  createLanguageModel(ModelConfig.parse({ provider: "openai", model: "gpt-4o", ...extra }), ctx);
const anthropic = (extra: object = {}) =>
  createLanguageModel(ModelConfig.parse({ provider: "anthropic", model: "claude-sonnet-4-5", ...extra }), ctx);

describe("OpenAI over HTTP", () => {
  it("streams text, sends the key and the entry's settings, maps usage", async () => {
    server.reply("/v1/chat/completions", openaiReplies.streamText(["Hel", "lo ", "there"]));
    const r = streamText({ model: openai({ temperature: 0.2, seed: 7, maxTokens: 300 }), prompt: "hi", maxRetries: 0 });
    expect(await r.text).toBe("Hello there");
    const usage = await r.usage;
    expect(usage).toMatchObject({ inputTokens: 12, outputTokens: 5, totalTokens: 17 });
    expect(usage.inputTokenDetails.cacheReadTokens).toBe(4);
    expect(answeredByOf(await r.providerMetadata)?.answeredBy).toBe("openai:gpt-4o");
    const req = server.requests[0];
    expect(req.headers.authorization).toBe("Bearer sk-test-openai");
    expect(req.body).toMatchObject({ model: "gpt-4o", stream: true, temperature: 0.2, seed: 7, max_tokens: 300 });
  });

  it("streams a tool call with its arguments", async () => {
    server.reply("/v1/chat/completions", openaiReplies.streamToolCall("forecast", { city: "Paris" }));
    const r = streamText({ model: openai(), tools: forecastTool, prompt: "weather in Paris?", maxRetries: 0 });
    const calls = await r.toolCalls;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolCallId: "call_abc", toolName: "forecast", input: { city: "Paris" } });
    expect(await r.finishReason).toBe("tool-calls");
    expect((await r.usage).totalTokens).toBe(39);
    expect(server.requests[0].body.tools[0]).toMatchObject({ type: "function", function: { name: "forecast" } });
  });

  it("sends a recursive tool's parameters in OpenAI's form: no keyword beside a $ref", async () => {
    server.reply("/v1/chat/completions", openaiReplies.streamText(["ok"]));
    await streamText({ model: openai(), tools: treeTool, prompt: "count", maxRetries: 0 }).consumeStream();
    const sent = server.requests[0].body.tools[0].function.parameters;
    expect(sent.properties.root).toEqual({ description: "The top node.", anyOf: [{ $ref: "#/$defs/Node" }] });
    expect(sent.$defs).toEqual(treeSchema.$defs);
  });

  it("a 429 with Retry-After is retried after the asked delay, then succeeds", async () => {
    server.reply(
      "/v1/chat/completions",
      openaiReplies.error(429, "Rate limit reached", { "retry-after": "2" }),
      openaiReplies.text("after the wait"),
    );
    const r = await generateText({ model: openai(), prompt: "hi", maxRetries: 0 });
    expect(r.text).toBe("after the wait");
    expect(waits).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it("a 400 is not retried, and the provider's error text reaches the caller", async () => {
    server.reply("/v1/chat/completions", openaiReplies.error(400, "Invalid 'messages': too long"));
    await expect(generateText({ model: openai(), prompt: "hi", maxRetries: 0 })).rejects.toThrow(
      "Invalid 'messages': too long",
    );
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("a 500 is retried with exponential backoff (5 retries), then moves to the next fallback entry", async () => {
    server.reply("/v1/chat/completions", openaiReplies.error(500, "server exploded"));
    server.reply("/v1/messages", anthropicReplies.text("anthropic answered"));
    const model = openai({ fallbackModels: [{ provider: "anthropic", model: "claude-sonnet-4-5" }] });
    const r = await generateText({ model, prompt: "hi", maxRetries: 0 });
    expect(r.text).toBe("anthropic answered");
    expect(server.requests.filter((q) => q.path === "/v1/chat/completions")).toHaveLength(6);
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000]);
    const who = answeredByOf(r.providerMetadata);
    expect(who).toEqual({
      answeredBy: "anthropic:claude-sonnet-4-5",
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      fallbackIndex: 1,
    });
    expect(r.usage).toMatchObject({ inputTokens: 20, outputTokens: 6 });
  });

  it("the fallback also rescues a stream that fails before its first part", async () => {
    server.reply("/v1/chat/completions", openaiReplies.error(503, "overloaded"));
    server.reply("/v1/messages", anthropicReplies.streamText(["from ", "the fallback"]));
    const model = openai({ fallbackModels: [{ provider: "anthropic", model: "claude-sonnet-4-5" }] });
    const r = streamText({ model, prompt: "hi", maxRetries: 0 });
    expect(await r.text).toBe("from the fallback");
    expect(answeredByOf(await r.providerMetadata)?.answeredBy).toBe("anthropic:claude-sonnet-4-5");
  });

  it("a missing key fails at build time, naming the variable", () => {
    expect(() => createLanguageModel(ModelConfig.parse({ provider: "openai", model: "gpt-4o" }), { env: {} })).toThrow(
      "Set the `OPENAI_API_KEY` environment variable or save a openai key in Settings → Providers to use the OpenAI provider.",
    );
    // The whole chain is built eagerly: a fallback entry's missing key fails too.
    expect(() =>
      createLanguageModel(
        ModelConfig.parse({
          provider: "openai",
          model: "gpt-4o",
          fallbackModels: [{ provider: "anthropic", model: "claude-sonnet-4-5" }],
        }),
        {
          env: { OPENAI_API_KEY: "sk" },
        },
      ),
    ).toThrow("`ANTHROPIC_API_KEY`");
  });

  it("a key saved in the studio wins over the environment", async () => {
    server.reply("/v1/chat/completions", openaiReplies.text("ok"));
    const model = createLanguageModel(ModelConfig.parse({ provider: "openai", model: "gpt-4o" }), {
      ...ctx,
      savedKeys: { openai: "sk-saved" },
    });
    await generateText({ model, prompt: "hi", maxRetries: 0 });
    expect(server.requests[0].headers.authorization).toBe("Bearer sk-saved");
  });
});

describe("Anthropic over HTTP", () => {
  it("streams text and maps usage (cache reads and writes included)", async () => {
    server.reply("/v1/messages", anthropicReplies.streamText(["Bonjour", " !"]));
    const r = streamText({
      model: anthropic({ maxTokens: 500, temperature: 0.5 }),
      system: "Be brief.",
      prompt: "hi",
      maxRetries: 0,
    });
    expect(await r.text).toBe("Bonjour !");
    const usage = await r.usage;
    expect(usage.outputTokens).toBe(7);
    expect(usage.inputTokenDetails).toMatchObject({ cacheReadTokens: 10, cacheWriteTokens: 3 });
    expect(usage.inputTokens).toBe(38);
    const req = server.requests[0];
    expect(req.headers["x-api-key"]).toBe("sk-ant-test");
    expect(req.body).toMatchObject({
      model: "claude-sonnet-4-5",
      max_tokens: 500,
      temperature: 0.5,
      stream: true,
      system: [{ type: "text", text: "Be brief." }],
    });
  });

  it("streams a tool_use block as a tool call", async () => {
    server.reply("/v1/messages", anthropicReplies.streamToolUse("forecast", { city: "Lyon" }));
    const r = streamText({ model: anthropic(), tools: forecastTool, prompt: "weather in Lyon?", maxRetries: 0 });
    expect(await r.toolCalls).toMatchObject([{ toolCallId: "toolu_1", toolName: "forecast", input: { city: "Lyon" } }]);
    expect(await r.finishReason).toBe("tool-calls");
    expect(server.requests[0].body.tools[0]).toMatchObject({ name: "forecast", input_schema: { type: "object" } });
  });

  it("sends a recursive tool's parameters as they are (a $ref may have siblings)", async () => {
    server.reply("/v1/messages", anthropicReplies.streamToolUse("count_nodes", { root: { label: "a", children: [] } }));
    await streamText({ model: anthropic(), tools: treeTool, prompt: "count", maxRetries: 0 }).consumeStream();
    expect(server.requests[0].body.tools[0].input_schema).toEqual(treeSchema);
  });

  it("a 429 with Retry-After then success", async () => {
    server.reply(
      "/v1/messages",
      anthropicReplies.error(429, "rate limited", { "retry-after": "3" }),
      anthropicReplies.text("fine now"),
    );
    const r = await generateText({ model: anthropic(), prompt: "hi", maxRetries: 0 });
    expect(r.text).toBe("fine now");
    expect(waits).toEqual([3000]);
  });

  it("a 500 moves to the next fallback entry once retries are spent", async () => {
    server.reply("/v1/messages", anthropicReplies.error(500, "internal"));
    server.reply("/v1/chat/completions", openaiReplies.text("openai took over"));
    const model = createLanguageModel(
      ModelConfig.parse({
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        fallbackModels: [{ provider: "openai", model: "gpt-4o" }],
      }),
      { ...ctx, http: { timeout: 120, maxRetries: 1, backoffMultiplier: 0.5, backoffMax: 60 } },
    );
    const r = await generateText({ model, prompt: "hi", maxRetries: 0 });
    expect(r.text).toBe("openai took over");
    expect(server.requests.filter((q) => q.path === "/v1/messages")).toHaveLength(2);
    expect(answeredByOf(r.providerMetadata)?.fallbackIndex).toBe(1);
  });

  it("when every entry fails, the error lists each one", async () => {
    server.reply("/v1/messages", anthropicReplies.error(401, "invalid x-api-key"));
    server.reply("/v1/chat/completions", openaiReplies.error(401, "Incorrect API key provided"));
    const model = createLanguageModel(
      ModelConfig.parse({
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        fallbackModels: [{ provider: "openai", model: "gpt-4o" }],
      }),
      ctx,
    );
    await expect(generateText({ model, prompt: "hi", maxRetries: 0 })).rejects.toThrow(
      "Every model of the fallback chain failed: anthropic:claude-sonnet-4-5: HTTP 401: invalid x-api-key; openai:gpt-4o: HTTP 401: Incorrect API key provided",
    );
  });

  it("a missing key names ANTHROPIC_API_KEY", () => {
    expect(() => createLanguageModel(ModelConfig.parse({ provider: "anthropic", model: "x" }), { env: {} })).toThrow(
      "`ANTHROPIC_API_KEY`",
    );
  });
});
