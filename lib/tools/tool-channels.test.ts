/** The `prompt` option and the exported `context` function, read without running code. */
import { describe, expect, it } from "vitest";
import { CONTEXT_NOT_A_FUNCTION_MESSAGE } from "./read-context-export";
import { analyze, definitionErrors, toolModule, toolOf } from "./testing/tool-modules";

const fn = `async function forecast(city: string) { return city; }`;

describe("the prompt option", () => {
  it("is read as written, templates kept for the run to render", () => {
    const tool = toolOf(
      toolModule(fn, {
        options: `{ sideEffecting: false, prompt: "Use forecast before any outdoor plan for {{context.city | \\"the user's city\\"}}." }`,
      }),
    );
    expect(tool.prompt).toBe(`Use forecast before any outdoor plan for {{context.city | "the user's city"}}.`);
  });

  it("is absent when not written or blank", () => {
    expect(toolOf(toolModule(fn))).not.toHaveProperty("prompt");
    expect(toolOf(toolModule(fn, { options: `{ sideEffecting: false, prompt: "   " }` }))).not.toHaveProperty("prompt");
  });

  it("underlines a value that is not a string literal, like any other option", () => {
    const result = analyze(
      toolModule(fn, { prelude: `const HINT = "Use it well.";`, options: `{ sideEffecting: false, prompt: HINT }` }),
    );
    expect(result.tool).toBeNull();
    const [error] = definitionErrors(result);
    expect(error.message).toContain("option `prompt` (`HINT`)");
    expect(error.range.startLine).toBe(4);
    expect(result.preview?.prompt).toBeUndefined();
  });

  it("refuses a number and a template with substitutions", () => {
    expect(
      definitionErrors(analyze(toolModule(fn, { options: `{ sideEffecting: false, prompt: 3 }` })))[0].message,
    ).toBe("option `prompt` must be a string, got 3");
    const sub = analyze(
      toolModule(fn, { prelude: "const x = 1;", options: "{ sideEffecting: false, prompt: `n=${x}` }" }),
    );
    expect(definitionErrors(sub)[0].message).toContain("cannot read option `prompt`");
  });

  it("refuses a secret connection field in its templates", () => {
    const known = { connections: [{ name: "billing", fields: [{ name: "apiKey", secret: true }] }] };
    const result = analyze(
      toolModule(fn, {
        options: `{ sideEffecting: false, connections: ["billing"], prompt: "Key {{connections.billing.apiKey}}" }`,
      }),
      { known },
    );
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).some((d) => d.message.includes("secret"))).toBe(true);
  });
});

describe("the context export", () => {
  it("is detected as a function declaration, an arrow const, or a renamed export", () => {
    const forms = [
      `export function context(ctx: RunContext) { return "plan " + ctx.context.plan; }`,
      `export const context = async (ctx: RunContext) => "plan";`,
      `function build() { return "x"; }\nexport { build as context };`,
    ];
    for (const prelude of forms) expect(toolOf(toolModule(fn, { prelude })).contextFunction).toBe(true);
  });

  it("is absent without one (a type named context is no function)", () => {
    expect(toolOf(toolModule(fn))).not.toHaveProperty("contextFunction");
    expect(toolOf(toolModule(fn, { prelude: `export type context = string;` }))).not.toHaveProperty("contextFunction");
    expect(toolOf(toolModule(fn, { prelude: `function context() { return "not exported"; }` }))).not.toHaveProperty(
      "contextFunction",
    );
  });

  it("is a definition error when `context` is exported but is not a function", () => {
    const result = analyze(toolModule(fn, { prelude: `export const context = "plan: pro";` }));
    expect(result.tool).toBeNull();
    const [error] = definitionErrors(result);
    expect(error.message).toBe(CONTEXT_NOT_A_FUNCTION_MESSAGE);
    expect(error.range.startLine).toBe(2);
  });
});
