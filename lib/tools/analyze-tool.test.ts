import { describe, expect, it } from "vitest";
import { analyzeTool } from "./analyze-tool";
import { analyze, definitionErrors, DOC, lineOf, toolModule, typescriptErrors } from "./testing/tool-modules";

const FORECAST = `import { tool, type RunContext, type Int } from "atelier";

type Unit = "celsius" | "fahrenheit";

/**
 * Return a short weather forecast for a city over the next few days.
 *
 * Use this when the user asks about upcoming weather.
 *
 * ---
 * Backed by the demo weather table; see the ops runbook before changing it.
 *
 * @param city The city, as the user wrote it.
 */
export default tool(
  { sideEffecting: false, idempotent: true, status: "Looking up {city}…" },
  async function forecast(city: string, unit: Unit, days: Int = 3, ctx?: RunContext) {
    return \`\${city}: mild for \${days} days (\${unit})\`;
  },
);
`;

describe("analyzeTool on the authoring-format example", () => {
  it("produces the whole analysed tool and no diagnostics", () => {
    const result = analyzeTool(FORECAST);
    expect(result.diagnostics).toEqual([]);
    expect(result.tool).toEqual({
      name: "forecast",
      description:
        "Return a short weather forecast for a city over the next few days.\n\nUse this when the user asks about upcoming weather.",
      humanNotes: "Backed by the demo weather table; see the ops runbook before changing it.",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string", description: "The city, as the user wrote it." },
          unit: { enum: ["celsius", "fahrenheit"], type: "string" },
          days: { type: "integer" },
        },
        required: ["city", "unit"],
      },
      outputSchema: null,
      outputSchemaName: null,
      sideEffecting: false,
      idempotent: true,
      requiresApproval: false,
      status: "Looking up {city}…",
      tags: [],
      metadata: {},
      timeoutMs: 10000,
      egress: [],
      call: {
        style: "positional",
        params: [{ name: "city" }, { name: "unit" }, { name: "days" }],
        ctx: { name: "ctx", index: 3 },
        acceptsExtra: false,
      },
      schemaNotes: { "/properties/unit": { typeName: "Unit" } },
    });
    expect(result.preview).toEqual(result.tool);
  });

  it("the output is plain JSON (the route serialises it as is)", () => {
    const result = analyzeTool(FORECAST);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});

describe("TypeScript diagnostics", () => {
  it("the checker's errors, 1-based, with the atelier types available", () => {
    const source = toolModule(`function f(q: string) { const n: number = q; return ctxMissing; }`);
    const result = analyze(source);
    const ts = typescriptErrors(result);
    expect(ts.map((d) => d.message)).toEqual([
      "TS2322: Type 'string' is not assignable to type 'number'.",
      "TS2304: Cannot find name 'ctxMissing'.",
    ]);
    const line = lineOf(source, "const n: number");
    const text = source.split("\n")[line - 1];
    expect(ts[0].range).toEqual({
      startLine: line,
      startColumn: text.indexOf("n: number") + 1,
      endLine: line,
      endColumn: text.indexOf("n: number") + 2,
    });
    expect(ts.every((d) => d.severity === "error")).toBe(true);
  });

  it("type errors alone do not null the tool (the preview stays useful while typing)", () => {
    const result = analyze(toolModule(`function f(q: string) { const n: number = q; return n; }`));
    expect(result.tool?.name).toBe("f");
  });

  it("RunContext members type-check, a misuse does not", () => {
    const ok = analyze(
      toolModule(
        `async function f(q: string, ctx: RunContext) { ctx.emit({ q }); const r = await ctx.fetch("https://x", { method: "GET" }); return (await r.text()) + ctx.scope.agentId + ctx.runId; }`,
      ),
    );
    expect(ok.diagnostics).toEqual([]);
    const bad = analyze(toolModule(`function f(q: string, ctx: RunContext) { return ctx.scope.tenantId; }`));
    expect(typescriptErrors(bad).map((d) => d.message)).toEqual([
      "TS2339: Property 'tenantId' does not exist on type 'RunScope'.",
    ]);
  });

  it("an unannotated parameter is not an implicit-any error (it is advertised as a string)", () => {
    expect(analyze(toolModule(`function f(q, ctx) { return q; }`)).diagnostics).toEqual([]);
  });

  it("Int accepts number literals and arithmetic", () => {
    expect(
      analyze(toolModule(`function f(days: Int = 3) { const next: Int = days + 1; return next; }`)).diagnostics,
    ).toEqual([]);
  });

  it("an unknown module is reported by the checker", () => {
    const result = analyze(`import { x } from "lodash";\n${toolModule(`function f(q: string) { return q; }`)}`);
    expect(typescriptErrors(result).map((d) => d.message)).toEqual([
      "TS2307: Cannot find module 'lodash' or its corresponding type declarations.",
    ]);
  });

  it("no DOM in the lib: document is unknown", () => {
    const result = analyze(toolModule(`function f(q: string) { return document.title; }`));
    expect(typescriptErrors(result).map((d) => d.message)).toEqual([
      "TS2584: Cannot find name 'document'. Do you need to change your target library? Try changing the 'lib' compiler option to include 'dom'.",
    ]);
  });
});

describe("malformed sources", () => {
  it.each([
    [
      "an unclosed call",
      `import { tool } from "atelier";\n/** ${DOC} */\nexport default tool({ sideEffecting: false }, function f(q: string) {\n  return q;\n`,
    ],
    ["garbage", "}}}} ((( export default ??? \u0000"],
    ["an empty source", ""],
    ["a JSON document", `{"source": 1}`],
  ])("%s: TypeScript diagnostics (or a definition error), never a throw", (_label, source) => {
    const result = analyzeTool(source);
    expect(result.diagnostics.length).toBeGreaterThan(0);
    for (const d of result.diagnostics) {
      expect(d.range.startLine).toBeGreaterThanOrEqual(1);
      expect(d.range.startColumn).toBeGreaterThanOrEqual(1);
    }
  });

  it("an unclosed call reports the syntax error at the end", () => {
    const source = `import { tool } from "atelier";\n/** ${DOC} */\nexport default tool({ sideEffecting: false }, function f(q: string) {\n  return q;\n`;
    const result = analyzeTool(source);
    expect(typescriptErrors(result)[0].message).toBe("TS1005: '}' expected.");
  });
});

describe("definition errors and what is returned", () => {
  it("every definition error is reported, in source order", () => {
    const source = `import { tool } from "atelier";
/**
 * Short.
 * TODO: fix
 */
export default tool({}, function f(...xs: string[]) { return ""; });
`;
    const result = analyze(source);
    expect(definitionErrors(result).map((e) => [e.range.startLine, e.message.slice(0, 40)])).toEqual([
      [2, "tool 'f' needs a docstring/description o"],
      [4, "tool 'f' has a developer note (TODO) in "],
      [6, "tool() requires an explicit `sideEffecti"],
      [6, "tool 'f' has a rest parameter `...xs: st"],
    ]);
    expect(result.tool).toBeNull();
  });

  it("a thin JSDoc is underlined over the whole comment", () => {
    const source = toolModule(`function f(q: string) { return q; }`, { doc: "/**\n * Thin.\n */" });
    const [error] = definitionErrors(analyze(source));
    const start = lineOf(source, "/**");
    expect(error.range).toEqual({ startLine: start, startColumn: 1, endLine: start + 2, endColumn: 4 });
  });

  it("with definition errors the tool is null but the preview is still built", () => {
    const result = analyze(toolModule(`function f(q: string) { return q; }`, { doc: "/** Thin. */" }));
    expect(result.tool).toBeNull();
    expect(result.preview?.parameters).toEqual({
      type: "object",
      properties: { q: { type: "string" } },
      required: ["q"],
    });
    expect(result.preview?.description).toBe("Thin.");
  });
});

describe("static analysis only", () => {
  it("never runs the author's code", () => {
    const marker = `__atelier_ran_${Date.now()}`;
    const source = `import { tool } from "atelier";
(globalThis as any)["${marker}"] = true;
/** ${DOC} */
export default tool({ sideEffecting: false }, function f(q: string) {
  (globalThis as any)["${marker}"] = true;
  return q;
});
`;
    expect(analyze(source).tool?.name).toBe("f");
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });

  it("successive analyses do not leak into each other", () => {
    const a = analyze(toolModule(`function first(q: string) { return q; }`));
    const b = analyze(toolModule(`function second(n: number) { return n; }`));
    expect([a.tool?.name, b.tool?.name]).toEqual(["first", "second"]);
    expect(b.tool?.parameters.properties).toEqual({ n: { type: "number" } });
  });
});

describe("the sandbox's globals", () => {
  it("console is declared (the sandbox captures it)", () => {
    expect(
      analyze(toolModule(`function f(q: string) { console.log("q", q); console.warn(1); return q; }`)).diagnostics,
    ).toEqual([]);
  });

  it("but not process or require", () => {
    const result = analyze(toolModule(`function f(q: string) { return process.env.X ?? require("fs"); }`));
    expect(typescriptErrors(result).map((d) => d.message.slice(0, 37))).toEqual([
      "TS2591: Cannot find name 'process'. D",
      "TS2591: Cannot find name 'require'. D",
    ]);
  });
});

describe("compiler settings do not fail ordinary declarations", () => {
  it("class fields without initialisers (a shape for the schema) raise no TypeScript error", () => {
    const prelude = `
class Quote {
  symbol: string;
  price: number;
  note?: string;
}`;
    const result = analyzeTool(
      toolModule(`async function get_quote(q: Quote): Promise<Quote> { return q; }`, { prelude }),
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.tool?.outputSchemaName).toBe("Quote");
    expect(result.tool?.parameters.properties).toEqual({
      q: {
        type: "object",
        properties: { symbol: { type: "string" }, price: { type: "number" }, note: { type: "string" } },
        required: ["symbol", "price"],
      },
    });
  });

  it("strict checks that catch real mistakes stay on", () => {
    const result = analyzeTool(toolModule(`function f(q: string) { const n: number = q; return n; }`));
    expect(result.diagnostics.map((d) => d.message.slice(0, 7))).toEqual(["TS2322:"]);
  });
});
