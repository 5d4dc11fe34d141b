/** The options `connections` and `availableWhen`, read without running code (read-tool-requirements.ts). */
import { describe, expect, it } from "vitest";
import type { AnalysisKnown } from "./tool-types";
import {
  analyze,
  definitionErrors,
  definitionWarnings,
  lineOf,
  toolModule,
  toolOf,
  typescriptErrors,
} from "./testing/tool-modules";
import { PREDICATE_GRAMMAR } from "./tool-requirements.shared";

const FN = `async function forecast(city: string, ctx?: RunContext) { return city; }`;
const withOptions = (options: string) => toolModule(FN, { options });

const KNOWN: AnalysisKnown = {
  connections: [
    { name: "weather", fields: [{ name: "region", secret: false }] },
    { name: "billing", fields: [{ name: "apiKey", secret: true }] },
  ],
};

describe("connections and availableWhen", () => {
  it("reads both into the analysed tool, with no diagnostics", () => {
    const tool = toolOf(
      withOptions(`{
  sideEffecting: false,
  connections: ["weather", "billing"] as const,
  availableWhen: { all: [{ connection: "weather" }, { any: [{ role: "operator" }, { not: { context: "plan", in: ["free", 0, false] } }] }] },
}`),
    );
    expect(tool.connections).toEqual(["weather", "billing"]);
    expect(tool.availableWhen).toEqual({
      all: [
        { connection: "weather" },
        { any: [{ role: "operator" }, { not: { context: "plan", in: ["free", 0, false] } }] },
      ],
    });
  });

  it('a context typed by its connections, RunContext<"weather">, is injected like RunContext', () => {
    const tool = toolOf(
      toolModule(
        `async function forecast(city: string, ctx: RunContext<"weather">) { return ctx.connections.weather.region; }`,
        {
          options: `{ sideEffecting: false, connections: ["weather"] }`,
        },
      ),
    );
    expect(tool.call.ctx).toEqual({ name: "ctx", index: 1 });
    expect(Object.keys(tool.parameters.properties as object)).toEqual(["city"]);
  });

  it("a tool without them has neither field", () => {
    const tool = toolOf(withOptions("{ sideEffecting: false }"));
    expect(tool).not.toHaveProperty("connections");
    expect(tool).not.toHaveProperty("availableWhen");
  });

  it("a malformed predicate is a definition error on its own line, with the grammar; the checker's is dropped", () => {
    const source = withOptions(`{
  sideEffecting: false,
  availableWhen: {
    all: [
      { role: "operator" },
      { context: "plan", equal: "pro" },
    ],
  },
}`);
    const result = analyze(source);
    expect(result.tool).toBeNull();
    const [error] = definitionErrors(result);
    expect(definitionErrors(result)).toHaveLength(1);
    expect(error.message).toContain('`{ context: "plan", equal: "pro" }` is not a predicate');
    expect(error.message).toContain(PREDICATE_GRAMMAR);
    expect(error.range.startLine).toBe(lineOf(source, "equal:"));
    expect(error.range.endLine).toBe(error.range.startLine);
    expect(typescriptErrors(result)).toEqual([]);
  });

  it.each([
    [`{ all: [] }`, "`all` lists at least one predicate"],
    [`{ any: { role: "author" } }`, "`any` lists predicates in an array"],
    [`"always"`, `'always' is not a predicate`],
    [`{ connection: "my-api" }`, `'my-api' is not a valid connection name`],
    [`{ context: "2plan", equals: 1 }`, `'2plan' is not a valid context field name`],
    [`{ context: "plan", in: [] }`, "is not a predicate"],
  ])("availableWhen: %s is refused: %s", (predicate, message) => {
    const result = analyze(withOptions(`{ sideEffecting: false, availableWhen: ${predicate} }`));
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).map((d) => d.message)).toEqual([expect.stringContaining(message)]);
  });

  it("a non-literal predicate is an error on the expression it cannot read", () => {
    const source = toolModule(FN, {
      prelude: `const ROLE = "operator";`,
      options: `{\n  sideEffecting: false,\n  availableWhen: { any: [{ role: ROLE }] },\n}`,
    });
    const result = analyze(source);
    const [error] = definitionErrors(result);
    expect(error.message).toContain("cannot read `ROLE`");
    expect(error.message).toContain(PREDICATE_GRAMMAR);
    expect(error.range.startLine).toBe(lineOf(source, "availableWhen"));
    expect(
      source.split("\n")[error.range.startLine - 1].slice(error.range.startColumn - 1, error.range.endColumn - 1),
    ).toBe("ROLE");
    const whole = analyze(withOptions(`{ sideEffecting: false, availableWhen }`));
    expect(definitionErrors(whole).map((d) => d.message)).toEqual([
      expect.stringContaining("cannot read `availableWhen`"),
    ]);
  });

  it("an unknown role is a definition error naming the studio's roles", () => {
    const result = analyze(withOptions(`{ sideEffecting: false, availableWhen: { role: "superuser" } }`));
    expect(definitionErrors(result).map((d) => d.message)).toEqual([
      expect.stringContaining("role 'superuser' is not a studio role (admin, author, operator, approver, viewer)"),
    ]);
    expect(typescriptErrors(result)).toEqual([]);
  });

  it("bad and duplicate connection names are errors on their own element", () => {
    const source = withOptions(`{
  sideEffecting: false,
  connections: [
    "weather",
    "my-api",
    "weather",
    42,
    NAME,
  ],
}`);
    const result = analyze(source);
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).map((d) => [d.range.startLine, d.message])).toEqual([
      [lineOf(source, `"my-api"`), expect.stringContaining("'my-api' is not a valid connection name")],
      [lineOf(source, `"weather",`) + 2, "connection 'weather' is listed twice in option `connections`"],
      [lineOf(source, "42"), "option `connections` lists connection names (strings), got 42"],
      [lineOf(source, "NAME"), expect.stringContaining("cannot read the connection `NAME`")],
    ]);
    expect(result.preview?.connections).toEqual(["weather"]);
    const notArray = analyze(withOptions(`{ sideEffecting: false, connections: "weather" }`));
    expect(definitionErrors(notArray).map((d) => d.message)).toEqual([
      "option `connections` must be an array of connection names, got 'weather'",
    ]);
  });

  it("warns (never blocks) for a connection the studio does not have, and a predicate on an undeclared one", () => {
    const source = withOptions(`{
  sideEffecting: false,
  connections: ["weather", "crm"],
  availableWhen: { any: [
    { connection: "weather" },
    { connection: "billing" },
  ] },
}`);
    const result = analyze(source, { known: KNOWN });
    expect(result.tool).not.toBeNull();
    expect(definitionWarnings(result).map((d) => [d.severity, d.range.startLine, d.message])).toEqual([
      [
        "warning",
        lineOf(source, `"crm"`),
        expect.stringContaining("no connection named 'crm' exists in this studio yet"),
      ],
      [
        "warning",
        lineOf(source, `connection: "billing"`),
        "availableWhen: connection 'billing' is not in this tool's `connections` (the body cannot read it)",
      ],
    ]);
    // Without what the studio knows, only the undeclared connection is reported.
    expect(definitionWarnings(analyze(source)).map((d) => d.message)).toEqual([
      expect.stringContaining("'billing' is not in this tool's `connections`"),
    ]);
  });
});
