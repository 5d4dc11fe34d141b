import { describe, expect, it } from "vitest";
import { analyze, definitionErrors, lineOf, toolModule, toolOf } from "./testing/tool-modules";

describe("parameters by name, in declared order", () => {
  it("keeps declaration order, not alphabetical", () => {
    const tool = toolOf(toolModule(`function f(zeta: string, alpha: number, mid: boolean) { return ""; }`));
    expect(Object.keys(tool.parameters.properties as object)).toEqual(["zeta", "alpha", "mid"]);
    expect(tool.parameters.required).toEqual(["zeta", "alpha", "mid"]);
    expect(tool.call).toEqual({
      style: "positional",
      params: [{ name: "zeta" }, { name: "alpha" }, { name: "mid" }],
      ctx: null,
      acceptsExtra: false,
    });
  });

  it("optional and defaulted parameters are not required", () => {
    const tool = toolOf(toolModule(`function f(a: string, b?: string, c: number = 3, d = "x") { return ""; }`));
    expect(tool.parameters.required).toEqual(["a"]);
    expect(tool.parameters.properties).toEqual({
      a: { type: "string" },
      b: { type: "string" },
      c: { type: "number" },
      d: { type: "string" },
    });
  });

  it("a tool without parameters still has properties and required", () => {
    expect(JSON.stringify(toolOf(toolModule(`function f() { return ""; }`)).parameters)).toBe(
      '{"type":"object","properties":{},"required":[]}',
    );
  });

  it("arrow functions and async functions are read the same way", () => {
    const tool = toolOf(
      toolModule(`async (city: string) => city`, { options: `{ sideEffecting: false, name: "arrow" }` }),
    );
    expect(tool.name).toBe("arrow");
    expect(tool.parameters.required).toEqual(["city"]);
  });
});

describe("@param descriptions", () => {
  it("become the property's description, after its type", () => {
    const doc = `/**
 * Return a short weather forecast for a city over the next few days.
 * @param city The city, as the user wrote it.
 * @param {number} days - How many days,
 *   at most seven.
 * @param [unit] Which unit.
 */`;
    const tool = toolOf(toolModule(`function f(city: string, days: number, unit?: "c" | "f") { return ""; }`, { doc }));
    expect(JSON.stringify(tool.parameters.properties)).toBe(
      JSON.stringify({
        city: { type: "string", description: "The city, as the user wrote it." },
        days: { type: "number", description: "How many days,\nat most seven." },
        unit: { enum: ["c", "f"], type: "string", description: "Which unit." },
      }),
    );
  });

  it("a @param for a name the function does not have changes nothing", () => {
    const doc = `/** ${"Return a short weather forecast for a city."}\n * @param town Unused. */`;
    expect(toolOf(toolModule(`function f(city: string) { return ""; }`, { doc })).parameters.properties).toEqual({
      city: { type: "string" },
    });
  });
});

describe("a single destructured object parameter", () => {
  const prelude = `
interface SearchParams {
  /** Free-text query. */
  query: string;
  limit?: Int;
  sort: "relevance" | "price";
}`;

  it("contributes its type's properties directly, with member JSDoc", () => {
    const tool = toolOf(toolModule(`function search({ query, limit }: SearchParams) { return query; }`, { prelude }));
    expect(JSON.stringify(tool.parameters)).toBe(
      JSON.stringify({
        type: "object",
        properties: {
          query: { type: "string", description: "Free-text query." },
          limit: { type: "integer" },
          sort: { enum: ["relevance", "price"], type: "string" },
        },
        required: ["query", "sort"],
      }),
    );
    expect(tool.call).toEqual({
      style: "object",
      params: [{ name: "query" }, { name: "limit" }, { name: "sort" }],
      ctx: null,
      acceptsExtra: false,
    });
  });

  it("@param name and @param params.name override member JSDoc", () => {
    const doc = `/**
 * Search the product catalogue for a free-text query.
 * @param params.query What the user typed.
 * @param sort Sort order.
 */`;
    const props = toolOf(
      toolModule(`function search({ query, sort }: SearchParams) { return query; }`, { prelude, doc }),
    ).parameters.properties as Record<string, { description?: string }>;
    expect([props.query.description, props.sort.description]).toEqual(["What the user typed.", "Sort order."]);
  });

  it("a default in the pattern makes the property optional", () => {
    const tool = toolOf(
      toolModule(`function search({ query, sort = "relevance" }: SearchParams) { return query; }`, { prelude }),
    );
    expect(tool.parameters.required).toEqual(["query"]);
  });

  it("a defaulted whole parameter makes every property optional", () => {
    const tool = toolOf(
      toolModule(`function search({ query }: SearchParams = { query: "", sort: "price" }) { return query; }`, {
        prelude,
      }),
    );
    expect(tool.parameters.required).toEqual([]);
  });

  it("an index signature means it accepts extra keys, not advertised", () => {
    const tool = toolOf(
      toolModule(`function f({ query, ...filters }: { query: string; [k: string]: unknown }) { return query; }`),
    );
    expect(tool.parameters).toEqual({ type: "object", properties: { query: { type: "string" } }, required: ["query"] });
    expect(tool.call.acceptsExtra).toBe(true);
  });

  it("without an index signature extras are not accepted", () => {
    expect(
      toolOf(toolModule(`function search({ query }: SearchParams) { return query; }`, { prelude })).call.acceptsExtra,
    ).toBe(false);
  });

  it("an unannotated pattern: its names, as strings; a rest element accepts extras", () => {
    const tool = toolOf(toolModule(`function f({ query, limit = 5, ...rest }) { return query; }`));
    expect(tool.parameters).toEqual({
      type: "object",
      properties: { query: { type: "string" }, limit: { type: "string" } },
      required: ["query"],
    });
    expect(tool.call.acceptsExtra).toBe(true);
  });

  it("with ctx after it", () => {
    const tool = toolOf(
      toolModule(`function search({ query }: SearchParams, ctx: RunContext) { return query; }`, { prelude }),
    );
    expect(tool.call.style).toBe("object");
    expect(tool.call.ctx).toEqual({ name: "ctx", index: 1 });
  });

  it("next to other data parameters it is refused", () => {
    const source = toolModule(`function search(page: number, { query }: SearchParams) { return query; }`, { prelude });
    const [error] = definitionErrors(analyze(source));
    expect(error.message).toBe(
      "tool 'search' has a destructured object parameter next to other parameters: a destructured parameter must be the tool's only parameter (besides ctx), because its properties become the tool's arguments",
    );
    expect(error.range.startLine).toBe(lineOf(source, "{ query }: SearchParams"));
  });
});

describe("ctx / context injection", () => {
  it.each([
    ["ctx", "function f(q: string, ctx) { return q; }", { name: "ctx", index: 1 }],
    ["ctx: RunContext", "function f(q: string, ctx: RunContext) { return q; }", { name: "ctx", index: 1 }],
    ["ctx?: RunContext", "function f(q: string, ctx?: RunContext) { return q; }", { name: "ctx", index: 1 }],
    [
      "context: RunContext first",
      "function f(context: RunContext, q: string) { return q; }",
      { name: "context", index: 0 },
    ],
    ["context unannotated", "function f(context, q: string) { return q; }", { name: "context", index: 0 }],
  ])("%s is injected and not advertised", (_label, fn, ctx) => {
    const tool = toolOf(toolModule(fn));
    expect(tool.parameters.properties).toEqual({ q: { type: "string" } });
    expect(tool.call.ctx).toEqual(ctx);
    expect(tool.call.params).toEqual([{ name: "q" }]);
  });

  it("an aliased import of RunContext is still the run context", () => {
    const source = `import { tool, type RunContext as Ctx } from "atelier";
/** ${"Return a short weather forecast for a city over the next few days."} */
export default tool({ sideEffecting: false }, function f(q: string, ctx: Ctx) { return q; });
`;
    expect(toolOf(source).call.ctx).toEqual({ name: "ctx", index: 1 });
  });

  it.each([
    ["context: string", "function f(context: string) { return context; }", "context", { type: "string" }],
    [
      "ctx: { id: string }",
      "function f(ctx: { id: string }) { return ctx.id; }",
      "ctx",
      { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    ],
    ["a local type named RunContext", "function f(ctx: RunContext2) { return ''; }", "ctx", { type: "string" }],
  ])("%s is an ordinary parameter", (_label, fn, name, schema) => {
    const tool = toolOf(toolModule(fn, { prelude: "type RunContext2 = string;" }));
    expect(tool.parameters.properties).toEqual({ [name]: schema });
    expect(tool.call.ctx).toBeNull();
  });

  it("another name typed RunContext is an ordinary (string) parameter — only ctx/context are injected", () => {
    const tool = toolOf(toolModule("function f(run: RunContext) { return ''; }"));
    expect(tool.call.ctx).toBeNull();
    expect(Object.keys(tool.parameters.properties as object)).toEqual(["run"]);
  });
});

describe("refused parameters", () => {
  it("a rest parameter, underlined", () => {
    const source = toolModule(`function f(first: string, ...others: string[]) { return first; }`);
    const result = analyze(source);
    expect(result.tool).toBeNull();
    const [error] = definitionErrors(result);
    expect(error.message).toBe(
      "tool 'f' has a rest parameter `...others: string[]`: a tool is called with a JSON object, so every argument arrives by name and a rest parameter can never be filled; use a single destructured parameter with an index signature (`{ query, ...filters }: { query: string; [key: string]: unknown }`) if the tool genuinely accepts arbitrary keys",
    );
    const line = source.split("\n")[error.range.startLine - 1];
    expect(line.slice(error.range.startColumn - 1, error.range.endColumn - 1)).toBe("...others: string[]");
  });

  it("an array pattern", () => {
    const [error] = definitionErrors(analyze(toolModule(`function f([a, b]: string[]) { return a; }`)));
    expect(error.message).toBe(
      "tool 'f' has an array-destructured parameter: the model sends named arguments, so give the parameter a name",
    );
  });
});

describe("conversions for the sandbox", () => {
  it("Set, Date and Map parameters are converted; others are not", () => {
    const tool = toolOf(
      toolModule(
        `function f(tags: Set<string>, when: Date, counts: Map<string, number>, maybe: Date | null, plain: string[]) { return ""; }`,
      ),
    );
    expect(tool.call.params).toEqual([
      { name: "tags", convert: "set" },
      { name: "when", convert: "date" },
      { name: "counts", convert: "map" },
      { name: "maybe", convert: "date" },
      { name: "plain" },
    ]);
  });

  it("properties of a destructured parameter are converted too", () => {
    const tool = toolOf(toolModule(`function f({ since, tags }: { since?: Date; tags: Set<string> }) { return ""; }`));
    expect(tool.call.params).toEqual([
      { name: "since", convert: "date" },
      { name: "tags", convert: "set" },
    ]);
  });
});
