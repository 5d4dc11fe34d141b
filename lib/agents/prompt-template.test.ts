import { describe, expect, it } from "vitest";
import { PromptRenderError, renderSystemPrompt, renderTemplate, templatePlaceholders } from "./prompt-template";

describe("prompt template", () => {
  it("renders {placeholders} from params, {{ and }} as literal braces", () => {
    expect(
      renderTemplate({
        template: "You are {role}.\n\nInstructions: {instructions} {{json}}",
        params: { role: "the Librarian", instructions: "Extract structured data." },
      }),
    ).toBe("You are the Librarian.\n\nInstructions: Extract structured data. {json}");
    expect(templatePlaceholders("{a} {b} {a} {{c}}")).toEqual(["a", "b"]);
  });

  it("a missing parameter is an error naming it", () => {
    expect(() => renderTemplate({ template: "for {company}", params: {} })).toThrow(PromptRenderError);
    expect(() => renderTemplate({ template: "for {company}", params: {} })).toThrow(
      "The prompt template uses {company} but params has no value for it",
    );
  });

  it("dynamic parts are evaluated at call time, in order", () => {
    const parts = renderSystemPrompt(
      { template: "Be brief.", params: {}, currentDateTime: true, jsonOutputReminder: true },
      new Date("2025-03-04T05:06:07.890Z"),
    );
    expect(parts).toEqual([
      { dynamicRef: null, content: "Be brief." },
      { dynamicRef: "currentDateTime", content: "The current date and time is 2025-03-04 05:06:07 UTC." },
      {
        dynamicRef: "jsonOutputReminder",
        content: "Answer with valid JSON only: no prose before or after it, and no Markdown code fences.",
      },
    ]);
    expect(renderSystemPrompt({ template: "", params: {}, currentDateTime: false, jsonOutputReminder: false })).toEqual(
      [],
    );
  });
});
