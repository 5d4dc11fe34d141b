import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  readLiteral,
  readToolOptions,
  SIDE_EFFECTING_REQUIRED_MESSAGE,
  unreadableOptionMessage,
} from "./read-tool-options";
import { analyze, definitionErrors, DOC, lineOf, toolModule, toolOf } from "./testing/tool-modules";

function optionsOf(text: string) {
  const sf = ts.createSourceFile("/o.ts", `tool(${text}, f);`, ts.ScriptTarget.ES2022, true);
  const call = (sf.statements[0] as ts.ExpressionStatement).expression as ts.CallExpression;
  return readToolOptions(sf, call.arguments[0]);
}

describe("readLiteral", () => {
  function lit(text: string) {
    const sf = ts.createSourceFile("/l.ts", `(${text});`, ts.ScriptTarget.ES2022, true);
    return readLiteral((sf.statements[0] as ts.ExpressionStatement).expression);
  }

  it.each([
    [`"s"`, "s"],
    ["`t`", "t"],
    ["10_000", 10000],
    ["-5", -5],
    ["true", true],
    ["false", false],
    ["null", null],
    [`["a", 1]`, ["a", 1]],
    [`{ a: { "b-c": [1] } }`, { a: { "b-c": [1] } }],
    [`["x"] as const`, ["x"]],
  ])("reads %s", (text, value) => {
    expect(lit(text)).toEqual({ value });
  });

  it.each([["someVar"], ["`a${b}`"], ["f()"], ["[...xs]"], ["{ ...base }"], ["{ [k]: 1 }"], ["1 + 1"], ["{ a }"]])(
    "refuses %s",
    (text) => {
      expect(lit(text)).toHaveProperty("unreadable");
    },
  );
});

describe("readToolOptions", () => {
  it("defaults: idempotent false, requiresApproval false, timeoutMs 10000", () => {
    const { values, problems } = optionsOf("{ sideEffecting: true }");
    expect(problems).toEqual([]);
    expect(values).toEqual({
      sideEffecting: true,
      name: undefined,
      description: undefined,
      idempotent: false,
      requiresApproval: false,
      status: null,
      tags: [],
      metadata: {},
      timeoutMs: 10000,
      egress: [],
      outputSchema: true,
    });
  });

  it("reads every option", () => {
    const { values, problems } = optionsOf(`{
      sideEffecting: false, name: "n", description: "d", idempotent: true, requiresApproval: true,
      status: "Looking up {city}…", tags: ["a", "b"], metadata: { team: "ops", tier: 2 },
      timeoutMs: 2_500, egress: ["api.example.com"], outputSchema: false,
    }`);
    expect(problems).toEqual([]);
    expect(values).toEqual({
      sideEffecting: false,
      name: "n",
      description: "d",
      idempotent: true,
      requiresApproval: true,
      status: "Looking up {city}…",
      tags: ["a", "b"],
      metadata: { team: "ops", tier: 2 },
      timeoutMs: 2500,
      egress: ["api.example.com"],
      outputSchema: false,
    });
  });

  it("says it cannot read a non-literal value, and does not guess it", () => {
    const { values, problems, unreadable } = optionsOf("{ sideEffecting: READ_ONLY }");
    expect(values.sideEffecting).toBeUndefined();
    expect(unreadable.has("sideEffecting")).toBe(true);
    expect(problems.map((p) => p.message)).toEqual([unreadableOptionMessage("option `sideEffecting` (`READ_ONLY`)")]);
  });

  it.each([
    ["{ sideEffecting: false, ...common }", "`...common`"],
    ["{ sideEffecting }", "option `sideEffecting` (`sideEffecting`)"],
    ["{ [key]: true }", "the option `[key]: true`"],
  ])("cannot read %s", (text, what) => {
    expect(optionsOf(text).problems.map((p) => p.message)).toEqual([unreadableOptionMessage(what)]);
  });

  it.each([
    ["{ sideEffecting: 'no' }", "option `sideEffecting` must be true or false, got 'no'"],
    ["{ sideEffecting: true, timeoutMs: 0 }", "option `timeoutMs` must be a positive number of milliseconds, got 0"],
    ["{ sideEffecting: true, tags: ['a', 1] }", "option `tags` must be an array of strings, got ['a', 1]"],
    ["{ sideEffecting: true, metadata: [] }", "option `metadata` must be an object, got []"],
    [
      "{ sideEffecting: true, outputSchema: true }",
      "option `outputSchema` can only be false (to turn output validation off), got true",
    ],
    ["{ sideEffecting: true, name: 3 }", "option `name` must be a string, got 3"],
  ])("checks the kind of %s", (text, message) => {
    expect(optionsOf(text).problems.map((p) => p.message)).toEqual([message]);
  });
});

describe("options in a tool module", () => {
  it("missing sideEffecting is one definition error on the options object (the checker's duplicate is dropped)", () => {
    const source = toolModule(`function f(q: string) { return q; }`, { options: "{ idempotent: true }" });
    const result = analyze(source);
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["ToolDefinitionError", SIDE_EFFECTING_REQUIRED_MESSAGE],
    ]);
    const line = source.split("\n")[result.diagnostics[0].range.startLine - 1];
    expect(line.slice(result.diagnostics[0].range.startColumn - 1, result.diagnostics[0].range.endColumn - 1)).toBe(
      "{ idempotent: true }",
    );
  });

  it("a non-literal sideEffecting is reported as unreadable, not as missing", () => {
    const source = toolModule(`function f(q: string) { return q; }`, {
      prelude: "const READ_ONLY = false;",
      options: "{ sideEffecting: READ_ONLY }",
    });
    const errors = definitionErrors(analyze(source));
    expect(errors.map((e) => e.message)).toEqual([unreadableOptionMessage("option `sideEffecting` (`READ_ONLY`)")]);
    const line = source.split("\n")[errors[0].range.startLine - 1];
    expect(line.slice(errors[0].range.startColumn - 1, errors[0].range.endColumn - 1)).toBe("READ_ONLY");
  });

  it("options passed as a variable: the analyser says it cannot read them", () => {
    const source = toolModule(`function f(q: string) { return q; }`, {
      prelude: `const OPTIONS = { sideEffecting: false } as const;`,
      options: "OPTIONS",
    });
    const result = analyze(source);
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).map((e) => e.message)).toEqual([
      "the analyser cannot read the tool options `OPTIONS`: they are read without running your code, so write them as an object literal in the tool(...) call, e.g. tool({ sideEffecting: false }, function name(…) { … })",
    ]);
  });

  it("flags reach the tool", () => {
    const tool = toolOf(
      toolModule(`function f(q: string) { return q; }`, {
        options: `{ sideEffecting: true, idempotent: true, requiresApproval: true, timeoutMs: 2000, egress: ["api.example.com"], tags: ["billing"], metadata: { owner: "ops" }, status: "Working on {q}" }`,
      }),
    );
    expect([
      tool.sideEffecting,
      tool.idempotent,
      tool.requiresApproval,
      tool.timeoutMs,
      tool.egress,
      tool.tags,
      tool.metadata,
      tool.status,
    ]).toEqual([true, true, true, 2000, ["api.example.com"], ["billing"], { owner: "ops" }, "Working on {q}"]);
  });

  it("an unknown option is left to the checker (a TypeScript diagnostic), not a definition error", () => {
    const result = analyze(
      toolModule(`function f(q: string) { return q; }`, { options: "{ sideEffecting: false, sideEfecting: true }" }),
    );
    expect(definitionErrors(result)).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["TypeScript"]);
    expect(result.diagnostics[0].message).toContain("sideEfecting");
    expect(result.tool).not.toBeNull();
  });

  it("a thin explicit description is underlined on the description option", () => {
    const source = toolModule(`function f(q: string) { return q; }`, {
      options: `{ sideEffecting: false, description: "Too thin." }`,
    });
    const [error] = definitionErrors(analyze(source));
    expect(error.message).toBe(
      "tool 'f' needs a docstring/description of at least 30 characters so the model can understand it; got 9 chars: 'Too thin.'",
    );
    expect(error.range.startLine).toBe(lineOf(source, "Too thin."));
  });

  it("an unreadable description is reported once (not also as too short)", () => {
    const source = toolModule(`function f(q: string) { return q; }`, {
      prelude: `const TEXT = "${DOC}";`,
      options: `{ sideEffecting: false, description: TEXT }`,
      doc: "",
    });
    expect(definitionErrors(analyze(source)).map((e) => e.message)).toEqual([
      unreadableOptionMessage("option `description` (`TEXT`)"),
    ]);
  });
});
