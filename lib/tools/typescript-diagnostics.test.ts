import { describe, expect, it } from "vitest";
import { createToolLanguageService } from "./language-service";
import { toolModule } from "./testing/tool-modules";
import { TypeScriptDiagnostics } from "./typescript-diagnostics";

describe("TypeScriptDiagnostics", () => {
  it("reports errors only (not suggestions), as TypeScript diagnostics with TS codes", () => {
    const service = createToolLanguageService();
    // A deprecated-style suggestion and an unused local are not errors under these options.
    const { program, sourceFile } = service.update(
      toolModule(`function f(q: string) { const unused = 1; const n: number = q; return n; }`),
    );
    const diagnostics = new TypeScriptDiagnostics().of(program, sourceFile);
    expect(diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["TypeScript", "error", "TS2322: Type 'string' is not assignable to type 'number'."],
    ]);
  });

  it("re-checks after a code edit and reuses after a comment edit", () => {
    const service = createToolLanguageService();
    const memory = new TypeScriptDiagnostics();
    const a = toolModule(`function f(q: string) { return q; }`);
    memory.of(service.update(a).program, service.update(a).sourceFile);
    const b = a.replace("next few days", "next few days, in the user's unit");
    const bProgram = service.update(b);
    memory.of(bProgram.program, bProgram.sourceFile);
    expect(memory.reused).toBe(1);
    const c = b.replace("return q;", "return q + 1;");
    const cProgram = service.update(c);
    memory.of(cProgram.program, cProgram.sourceFile);
    expect(memory.reused).toBe(1);
  });
});
