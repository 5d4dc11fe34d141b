import { describe, expect, it } from "vitest";
import { analyzeTool } from "./analyze-tool";
import { ATELIER_MODULE_PATH } from "./atelier-module";
import { createToolLanguageService, sharedToolLanguageService, TOOL_COMPILER_OPTIONS, TOOL_FILE_NAME } from "./language-service";
import { toolModule } from "./test-support";

describe("the tool language service", () => {
  it("compiles under strict, with an explicit lib and no ambient @types", () => {
    expect(TOOL_COMPILER_OPTIONS).toMatchObject({ strict: true, types: [], lib: ["lib.es2022.d.ts"], noEmit: true });
  });

  it("serves the tool file, the atelier module and the lib", () => {
    const { program, sourceFile } = createToolLanguageService().update(toolModule("function f(q: string) { return q; }"));
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
