import { generateText, jsonSchema, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { ScriptedLanguageModel } from "./scripted-model";

const script = [
  { toolCalls: [{ toolName: "lookup", args: { q: "order 7" } }] },
  { text: "Order 7 shipped yesterday." },
  { text: "You're welcome." },
];
const tools = {
  lookup: tool({
    inputSchema: jsonSchema<{ q: string }>({ type: "object", properties: { q: { type: "string" } } }),
    execute: async ({ q }) => `found ${q}`,
  }),
};

describe("ScriptedLanguageModel", () => {
  it("replays tool calls and texts in order, through the AI SDK", async () => {
    const model = new ScriptedLanguageModel(script);
    const r = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: "where is order 7?" });
    expect(r.steps[0].toolCalls[0]).toMatchObject({ toolName: "lookup", input: { q: "order 7" } });
    expect(r.steps[0].toolResults[0]).toMatchObject({ output: "found order 7" });
    expect(r.text).toBe("Order 7 shipped yesterday.");
    // The next run continues the script from the conversation (two assistant turns so far).
    const next = await generateText({
      model,
      tools,
      messages: [
        ...(r.response.messages.length
          ? [{ role: "user" as const, content: "where is order 7?" }, ...r.response.messages]
          : []),
        { role: "user", content: "thanks" },
      ],
    });
    expect(next.text).toBe("You're welcome.");
  });

  it("streams", async () => {
    const r = streamText({ model: new ScriptedLanguageModel([{ text: "hello there" }]), prompt: "hi" });
    expect(await r.text).toBe("hello there");
  });

  it("says clearly when the script is exhausted", async () => {
    const model = new ScriptedLanguageModel([{ text: "only one" }]);
    await expect(
      generateText({
        model,
        messages: [
          { role: "user", content: "a" },
          { role: "assistant", content: "only one" },
          { role: "user", content: "b" },
        ],
      }),
    ).rejects.toThrow("The scripted model has played all 1 turn of its script; add turns to continue.");
  });
});
