import { describe, expect, it } from "vitest";
import { describeFieldKey, FORM_SECTIONS, inPageOrder, sectionOf } from "./agent-form-sections";

describe("the agent form's sections", () => {
  it("send every field to its section", () => {
    expect(sectionOf("name")).toBe("general-h");
    expect(sectionOf("entry.1.temperature")).toBe("models-h");
    expect(sectionOf("suggestedPrompts.2")).toBe("suggested-h");
    expect(sectionOf("runLimits.requestLimit")).toBe("limits-h");
    expect(sectionOf("tools.0.toolId")).toBe("tools-h");
    for (const s of FORM_SECTIONS.map((x) => x.headingId))
      expect(Object.values(FORM_SECTIONS).some((x) => x.headingId === s)).toBe(true);
  });

  it("put a summary's items in the order of the page", () => {
    const keys = ["runLimits.requestLimit", "name", "suggestedPrompts.0", "entry.0.model", "description"];
    expect(inPageOrder(keys.map((key) => ({ key }))).map((i) => i.key)).toEqual([
      "name",
      "description",
      "suggestedPrompts.0",
      "entry.0.model",
      "runLimits.requestLimit",
    ]);
  });

  it("name a field in words for the summary", () => {
    const entries = [
      { provider: "demo", model: "demo" },
      { provider: "openai", model: "gpt-4o" },
    ];
    expect(describeFieldKey("name", entries)).toBe("Name");
    expect(describeFieldKey("entry.1.temperature", entries)).toBe("Model 2 (openai:gpt-4o) · temperature");
    expect(describeFieldKey("entry.1.fallbackModels.0.maxTokens", entries)).toBe(
      "Model 2 (openai:gpt-4o) · fallback 1 · max tokens",
    );
    expect(describeFieldKey("suggestedPrompts.2", entries)).toBe("Suggested prompt 3");
    expect(describeFieldKey("runLimits.totalTokensLimit", entries)).toBe("Total tokens per run");
    expect(describeFieldKey("runtime.endStrategy", entries)).toBe("runtime · end strategy");
    expect(describeFieldKey("contextSchema.fields.0.name", entries)).toBe("Context field 1 · name");
  });
});
