import { describe, expect, it } from "vitest";
import { toAnthropicTool, toOpenAITool, toProviderTool } from "./schema-formats";
import { toolModule, toolOf } from "./testing/tool-modules";

const tool = toolOf(toolModule(`function forecast(city: string, days?: Int) { return city; }`));

describe("schema formats", () => {
  it("OpenAI: a function tool", () => {
    expect(JSON.stringify(toOpenAITool(tool))).toBe(
      JSON.stringify({
        type: "function",
        function: {
          name: "forecast",
          description: "Return a short weather forecast for a city over the next few days.",
          parameters: {
            type: "object",
            properties: { city: { type: "string" }, days: { type: "integer" } },
            required: ["city"],
          },
        },
      }),
    );
  });

  it("Anthropic: name, description, input_schema", () => {
    expect(JSON.stringify(toAnthropicTool(tool))).toBe(
      JSON.stringify({
        name: "forecast",
        description: "Return a short weather forecast for a city over the next few days.",
        input_schema: {
          type: "object",
          properties: { city: { type: "string" }, days: { type: "integer" } },
          required: ["city"],
        },
      }),
    );
  });

  it("by format name", () => {
    expect(toProviderTool(tool, "openai")).toEqual(toOpenAITool(tool));
    expect(toProviderTool(tool, "anthropic")).toEqual(toAnthropicTool(tool));
  });

  it("nothing internal leaks into the advertised form", () => {
    const text = JSON.stringify([toOpenAITool(tool), toAnthropicTool(tool)]);
    for (const internal of ["call", "schemaNotes", "humanNotes", "sideEffecting", "timeoutMs"])
      expect(text).not.toContain(internal);
  });
});
