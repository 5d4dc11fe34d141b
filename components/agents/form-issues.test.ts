import { describe, expect, it } from "vitest";
import { fieldIssues, toFieldKey } from "./form-issues";

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
