import { describe, expect, it } from "vitest";
import { missingPromptParams } from "./prompt-config.shared";
import {
  PromptRenderError,
  renderSystemPrompt,
  renderTemplate,
  templateContextRefs,
  templatePlaceholders,
} from "./prompt-template";
import { templateParts, unclosedPlaceholders } from "./prompt-template-grammar.shared";

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

describe("{context.x} in the prompt template", () => {
  it("is a context reference, not a parameter: params need no value for it", () => {
    const prompt = { template: "You help {company} on the {context.plan} plan.", params: { company: "ACME" } };
    expect(templatePlaceholders(prompt.template)).toEqual(["company"]);
    expect(templateContextRefs(prompt.template)).toEqual(["plan"]);
    expect(missingPromptParams(prompt)).toEqual([]);
    expect(renderTemplate(prompt, { plan: "pro" })).toBe("You help ACME on the pro plan.");
  });

  it("renders numbers and booleans as text, a value not given as empty", () => {
    const template = "seats={context.seats} beta={context.beta} note=[{context.note}]";
    expect(renderTemplate({ template, params: {} }, { seats: 3, beta: false })).toBe("seats=3 beta=false note=[]");
    expect(renderTemplate({ template, params: {} })).toBe("seats= beta= note=[]");
  });

  it("{{ and }} stay literal around it", () => {
    expect(renderTemplate({ template: "{{context.plan}} is {context.plan}", params: {} }, { plan: "pro" })).toBe(
      "{context.plan} is pro",
    );
    expect(templateContextRefs("{{context.plan}}")).toEqual([]);
  });

  it("renderSystemPrompt takes the conversation's values (none: empty)", () => {
    const prompt = { template: "Plan: {context.plan}.", params: {}, currentDateTime: false, jsonOutputReminder: false };
    expect(renderSystemPrompt(prompt, new Date(), { plan: "pro" })).toEqual([
      { dynamicRef: null, content: "Plan: pro." },
    ]);
    expect(renderSystemPrompt(prompt)).toEqual([{ dynamicRef: null, content: "Plan: ." }]);
  });

  it("the preview marks context parts with the field they read", () => {
    expect(templateParts("a {context.plan} b", {}, { plan: "<plan>" })).toEqual([
      { text: "a " },
      { text: "<plan>", contextRef: "plan" },
      { text: " b" },
    ]);
  });
});

describe("unclosedPlaceholders (the editor's warning)", () => {
  it("finds {name and {context.name with no } right after the name", () => {
    expect(unclosedPlaceholders("Hello {company, and {context.plan.")).toEqual([
      { text: "{company", offset: 6 },
      { text: "{context.plan", offset: 20 },
    ]);
    expect(unclosedPlaceholders("You help {company")).toEqual([{ text: "{company", offset: 9 }]);
  });

  it("leaves closed placeholders, literal braces and a lone { alone", () => {
    expect(unclosedPlaceholders("You help {company} on {context.plan}.")).toEqual([]);
    expect(unclosedPlaceholders("JSON like {{name}} or {{ or a lone { brace or { spaced }")).toEqual([]);
    expect(unclosedPlaceholders('Answer {"a": 1}')).toEqual([]);
  });
});
