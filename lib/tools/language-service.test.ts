import { describe, expect, it } from "vitest";
import { analyzeTool } from "./analyze-tool";
import { ATELIER_MODULE_PATH } from "./atelier-module";
import {
  createToolLanguageService,
  sharedToolLanguageService,
  TOOL_COMPILER_OPTIONS,
  TOOL_FILE_NAME,
} from "./language-service";
import { toolModule } from "./testing/tool-modules";

describe("the tool language service", () => {
  it("compiles under strict, with an explicit lib and no ambient @types", () => {
    expect(TOOL_COMPILER_OPTIONS).toMatchObject({ strict: true, types: [], lib: ["lib.es2022.d.ts"], noEmit: true });
  });

  it("serves the tool file, the atelier module and the lib", () => {
    const { program, sourceFile } = createToolLanguageService().update(
      toolModule("function f(q: string) { return q; }"),
    );
    expect(sourceFile.fileName).toBe(TOOL_FILE_NAME);
    const names = program.getSourceFiles().map((f) => f.fileName);
    expect(names).toContain(ATELIER_MODULE_PATH);
    expect(names).toContain("/lib/lib.es2022.d.ts");
    expect(names.some((n) => n.includes("lib.dom"))).toBe(false);
  });

  it("an edit gives a new program that reuses the parsed lib files", () => {
    const service = createToolLanguageService();
    const first = service.update(toolModule("function f(q: string) { return q; }"));
    const second = service.update(toolModule("function f(q: number) { return q; }"));
    expect(second.program).not.toBe(first.program);
    expect(second.sourceFile.text).toContain("q: number");
    expect(second.program.getSourceFile("/lib/lib.es5.d.ts")).toBe(first.program.getSourceFile("/lib/lib.es5.d.ts"));
  });

  it("the same source again gives the same program", () => {
    const service = createToolLanguageService();
    const source = toolModule("function f(q: string) { return q; }");
    expect(service.update(source).program).toBe(service.update(source).program);
  });

  it("services share lib files unless isolated", () => {
    const source = toolModule("function f(q: string) { return q; }");
    const a = createToolLanguageService().update(source).program.getSourceFile("/lib/lib.es5.d.ts");
    const b = createToolLanguageService().update(source).program.getSourceFile("/lib/lib.es5.d.ts");
    const c = createToolLanguageService({ isolated: true }).update(source).program.getSourceFile("/lib/lib.es5.d.ts");
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it("analyzeTool uses the shared service by default, or the one it is given", () => {
    const service = createToolLanguageService({ isolated: true });
    const source = toolModule("function given(q: string) { return q; }");
    expect(analyzeTool(source, { service }).tool?.name).toBe("given");
    expect(service.update(source).sourceFile.text).toBe(source);
    expect(sharedToolLanguageService()).toBe(sharedToolLanguageService());
  });
});

describe("several services at once", () => {
  it("each sees its own source, though they share the document registry", () => {
    const a = createToolLanguageService();
    const b = createToolLanguageService();
    const fromA = a.update(toolModule("function alpha(q: string) { return q; }"));
    const fromB = b.update(toolModule("function beta(q: string) { return q; }"));
    expect(fromA.sourceFile.text).toContain("alpha");
    expect(fromB.sourceFile.text).toContain("beta");
    expect(a.update(toolModule("function alpha(q: string) { return q; }")).sourceFile.text).toContain("alpha");
  });
});

describe("incremental parsing", () => {
  it("the change range is the span between the common prefix and suffix", async () => {
    const { ToolSnapshot } = await import("./language-service");
    const range = new ToolSnapshot("const a = 1;").getChangeRange(new ToolSnapshot("const b = 1;"));
    expect(range).toEqual({ span: { start: 6, length: 1 }, newLength: 1 });
    const insert = new ToolSnapshot("abXYcd").getChangeRange(new ToolSnapshot("abcd"));
    expect(insert).toEqual({ span: { start: 2, length: 0 }, newLength: 2 });
  });

  it("a long chain of edits gives exactly what a fresh analysis gives", () => {
    const service = createToolLanguageService();
    let source = `import { tool, type Int } from "atelier";
interface Filter { query: string; limit?: Int }
/** Search the catalogue for a free-text query and return the matching SKUs. */
export default tool({ sideEffecting: false }, function search({ query, limit }: Filter) {
  const n: number = limit ?? 10;
  return query.repeat(n);
});
`;
    const edits: Array<(s: string) => string> = [
      (s) => s.replace("limit?: Int", "limit?: Int; sort: 'asc' | 'desc'"),
      (s) => s.replace("return query", "return (query"),
      (s) => s.replace(".repeat(n);", ".repeat(n));"),
      (s) => s.replace("const n: number", "const n: string"),
      (s) => s.replace("const n: string", "const n: number"),
      (s) => s.replace("function search(", "function search_v2("),
      (s) => s.replace("'asc' | 'desc'", "'asc' | 'desc' | null"),
      (s) => s.replace("free-text query", "free-text query\n * ---\n * TODO: later"),
      (s) => s.replace("sideEffecting: false", "sideEffecting: false, idempotent: true"),
      (s) => s.replace("{ query, limit }: Filter", "{ query, limit }: Filter, ctx"),
      (s) => s.slice(0, s.length - 4),
      (s) => s + "\n});\n",
    ];
    for (const edit of edits) {
      source = edit(source);
      const incremental = analyzeTool(source, { service });
      const fresh = analyzeTool(source, { service: createToolLanguageService({ isolated: true }) });
      expect(incremental).toEqual(fresh);
    }
  });
});
