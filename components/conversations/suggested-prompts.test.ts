import { describe, expect, it } from "vitest";
import { suggestedPromptsOf } from "./suggested-prompts";

describe("suggestedPromptsOf", () => {
  it("offers the agent's prompts, trimmed, each once, at most six", () => {
    expect(suggestedPromptsOf({ suggestedPrompts: [" What is the population of Paris? ", "Weather in Oslo"] })).toEqual(
      ["What is the population of Paris?", "Weather in Oslo"],
    );
    expect(suggestedPromptsOf({ suggestedPrompts: ["a", "a", "b", "c", "d", "e", "f", "g"] })).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
    ]);
  });
  it("offers nothing when the field is absent or not a list of texts", () => {
    expect(suggestedPromptsOf({})).toEqual([]);
    expect(suggestedPromptsOf(undefined)).toEqual([]);
    expect(suggestedPromptsOf({ suggestedPrompts: "Ask me" })).toEqual([]);
    expect(suggestedPromptsOf({ suggestedPrompts: [1, null, "  ", "ok"] })).toEqual(["ok"]);
  });
});
