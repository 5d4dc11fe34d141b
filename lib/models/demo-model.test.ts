import { generateText, jsonSchema, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { fillArguments } from "./demo-arguments";
import { DemoLanguageModel, DEMO_LABEL, decideDemo, summarizeConversation } from "./demo-model";
import { chooseTool, type DemoTool } from "./demo-tool-choice";

// Hand-made schemas shaped like the demo tools (lib/demo/demo-tools.ts).
const cityPopulation: DemoTool = {
  name: "city_population",
  description: "Return the population of a city, from the demo table of large cities.",
  inputSchema: {
    type: "object",
    properties: { city: { type: "string", description: "The city" } },
    required: ["city"],
  },
};
const forecast: DemoTool = {
  name: "forecast",
  description: "Return a short weather forecast for a city over the next few days.",
  inputSchema: {
    type: "object",
    properties: {
      city: { type: "string" },
      unit: { enum: ["celsius", "fahrenheit"], type: "string" },
      days: { type: "integer" },
    },
    required: ["city", "unit"],
  },
};
const refund: DemoTool = {
  name: "refund",
  description: "Refund an order, fully or partly. Money leaves the company: needs approval.",
  inputSchema: {
    type: "object",
    properties: { orderId: { type: "string" }, amount: { type: "number" } },
    required: ["orderId", "amount"],
  },
};
const sendEmail: DemoTool = {
  name: "send_email",
  description: "Send an e-mail to a customer.",
  inputSchema: {
    type: "object",
    properties: { to: { type: "string" }, subject: { type: "string" }, body: { type: "string" } },
    required: ["to", "subject", "body"],
  },
};
const tools = [cityPopulation, forecast, refund, sendEmail];

describe("demo tool choice", () => {
  it.each([
    ["What's the weather in Paris tomorrow?", "forecast"],
    ["Give me the forecast for Lyon", "forecast"],
    ["How many people live in Tokyo?", "city_population"],
    ["What is the population of Berlin?", "city_population"],
    ["Please refund order A-1042, 25 dollars", "refund"],
    ["I want my money back for order 77", "refund"],
    ["Send an email to bob@example.com saying hello", "send_email"],
  ])("%s -> %s", (message, expected) => {
    expect(chooseTool(tools, message)?.tool.name).toBe(expected);
  });

  it("picks nothing when no tool shares a word with the message", () => {
    expect(chooseTool(tools, "Tell me a joke")).toBeNull();
  });
});

describe("demo argument filling", () => {
  it("capitalised names, enum values mentioned and numbers next to the parameter's name", () => {
    expect(
      fillArguments(forecast.inputSchema as never, "What's the weather in Paris in fahrenheit for 5 days?"),
    ).toEqual({ city: "Paris", unit: "fahrenheit", days: 5 });
    expect(fillArguments(forecast.inputSchema as never, "Forecast for New York, please")).toEqual({
      city: "New York",
      unit: "celsius",
    });
    expect(fillArguments(forecast.inputSchema as never, "Will it rain in São Paulo? Use Celsius, 2 days")).toEqual({
      city: "São Paulo",
      unit: "celsius",
      days: 2,
    });
    expect(fillArguments(cityPopulation.inputSchema as never, "How many people live in Lyon?")).toEqual({
      city: "Lyon",
    });
  });

  it("ids and amounts: the id after 'order', the amount next to a currency", () => {
    expect(fillArguments(refund.inputSchema as never, "Please refund order A-1042, 25 dollars")).toEqual({
      orderId: "A-1042",
      amount: 25,
    });
    expect(fillArguments(refund.inputSchema as never, "Refund $12.50 on order #1234")).toEqual({
      orderId: "1234",
      amount: 12.5,
    });
  });

  it("e-mail addresses and quoted phrases in order", () => {
    expect(
      fillArguments(
        sendEmail.inputSchema as never,
        `Email bob@example.com with subject "Refund done" and say "Your refund of $25 was processed."`,
      ),
    ).toEqual({ to: "bob@example.com", subject: "Refund done", body: "Your refund of $25 was processed." });
    expect(
      fillArguments(sendEmail.inputSchema as never, "Send an email to ann@example.org about the late delivery"),
    ).toEqual({
      to: "ann@example.org",
      subject: "the late delivery",
      body: "Send an email to ann@example.org about the late delivery",
    });
  });

  it("a quoted string fills a plain string parameter too", () => {
    expect(fillArguments(cityPopulation.inputSchema as never, `population of 'rio de janeiro'`)).toEqual({
      city: "rio de janeiro",
    });
  });
});

describe("DemoLanguageModel through the AI SDK", () => {
  const sdkTools = {
    forecast: tool({
      description: forecast.description,
      inputSchema: jsonSchema<{ city: string; unit: string; days?: number }>(forecast.inputSchema as never),
      execute: async (args) => `${args.city}: mild for ${args.days ?? 3} days (${args.unit})`,
    }),
    city_population: tool({
      description: cityPopulation.description,
      inputSchema: jsonSchema<{ city: string }>(cityPopulation.inputSchema as never),
      execute: async ({ city }) => ({ city, population: 2_100_000 }),
    }),
  };

  it("calls the matching tool, then answers from its result, labelled; usage estimated", async () => {
    const result = await generateText({
      model: new DemoLanguageModel(),
      tools: sdkTools,
      stopWhen: stepCountIs(5),
      prompt: "What's the weather in Paris in fahrenheit?",
    });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0].toolCalls[0]).toMatchObject({
      toolName: "forecast",
      input: { city: "Paris", unit: "fahrenheit" },
    });
    expect(result.text).toBe(`${DEMO_LABEL} forecast returned: Paris: mild for 3 days (fahrenheit)`);
    expect(result.totalUsage.inputTokens).toBeGreaterThan(0);
    expect(result.totalUsage.outputTokens).toBeGreaterThan(0);
  });

  it("streams the same answers", async () => {
    const result = streamText({
      model: new DemoLanguageModel(),
      tools: sdkTools,
      stopWhen: stepCountIs(5),
      prompt: "How many people live in Lyon?",
    });
    expect(await result.text).toBe(`${DEMO_LABEL} city_population returned: {"city":"Lyon","population":2100000}`);
    const steps = await result.steps;
    expect(steps[0].toolCalls[0]).toMatchObject({ toolName: "city_population", input: { city: "Lyon" } });
  });

  it("answers without a tool when none matches, and is deterministic", async () => {
    const a = await generateText({ model: new DemoLanguageModel(), tools: sdkTools, prompt: "Tell me a joke" });
    const b = await generateText({ model: new DemoLanguageModel(), tools: sdkTools, prompt: "Tell me a joke" });
    expect(a.text).toContain("offline demo, not an LLM");
    expect(a.text).toContain("forecast");
    expect(a.text).toBe(b.text);
  });

  it("summarises for compaction", async () => {
    const r = await generateText({
      model: new DemoLanguageModel(),
      system: "Summarize the conversation so far for a later continuation.",
      messages: [
        { role: "user", content: "What's the weather in Paris?" },
        { role: "assistant", content: "Mild for 3 days." },
        { role: "user", content: "Thanks" },
      ],
    });
    expect(r.text).toContain("Summary of 3 earlier message parts");
    expect(r.text).toContain("user: What's the weather in Paris?");
    expect(summarizeConversation([], 100)).toContain("Nothing to summarise");
  });

  it("reports a denied or failed call instead of pretending", () => {
    const d = decideDemo({
      prompt: [
        { role: "user", content: [{ type: "text", text: "refund order 1" }] },
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "refund", input: {} }] },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "c1",
              toolName: "refund",
              output: { type: "execution-denied", reason: "not today" },
            },
          ],
        },
      ],
    });
    expect(d).toEqual({ kind: "text", text: `${DEMO_LABEL} refund did not succeed: denied: not today` });
  });
});
