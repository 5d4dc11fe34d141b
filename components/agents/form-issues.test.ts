import { describe, expect, it } from "vitest";
import { fieldIssues, summaryItems, toFieldKey } from "./form-issues";

describe("toFieldKey", () => {
  it("maps roster and model paths onto editor entries", () => {
    expect(toFieldKey("roster.2.model", 0)).toBe("entry.2.model");
    expect(toFieldKey("model.temperature", 1)).toBe("entry.1.temperature");
    expect(toFieldKey("model.1.temperature", 0)).toBe("entry.1.temperature");
    expect(toFieldKey("model", 3)).toBe("entry.3");
    expect(toFieldKey("model.fallbackModels.0", 0)).toBe("entry.0.fallbackModels.0");
    expect(toFieldKey("runLimits.inputTokensLimit", 0)).toBe("runLimits.inputTokensLimit");
  });
  it("dedupes a message reported for both model and roster", () => {
    const m = fieldIssues(
      [
        { path: "model.temperature", message: "temperature must be between 0 and 2" },
        { path: "roster.1.temperature", message: "temperature must be between 0 and 2" },
      ],
      1,
    );
    expect(m.get("entry.1.temperature")).toEqual(["temperature must be between 0 and 2"]);
  });
});

describe("one message per field", () => {
  it("keeps the first issue at each field, and the summary lists each field once", () => {
    const issues = [
      { path: "name", message: "Name the agent" },
      { path: "name", message: "Use 1–64 letters, digits, _ or -" },
      { path: "model.model", message: "Name the model (e.g. gpt-4o)" },
      { path: "suggestedPrompts.1", message: "A suggested prompt is not empty (remove it instead)" },
    ];
    expect(fieldIssues(issues, 0).get("name")).toEqual(["Name the agent"]);
    expect(summaryItems(issues, 0)).toEqual([
      { key: "name", message: "Name the agent" },
      { key: "entry.0.model", message: "Name the model (e.g. gpt-4o)" },
      { key: "suggestedPrompts.1", message: "A suggested prompt is not empty (remove it instead)" },
    ]);
  });
});
