import ts from "typescript";
import { describe, expect, it } from "vitest";
import { createToolLanguageService } from "./language-service";
import {
  escapePointer,
  isAtelierSymbol,
  isDateType,
  isLibSymbol,
  isMapType,
  isSetType,
  stripUndefined,
} from "./type-recognisers";

function typeOf(annotation: string, prelude = `import type { RunContext } from "atelier";`) {
  const { checker, sourceFile } = createToolLanguageService().update(
    `${prelude}\ndeclare const probe: ${annotation};\n`,
  );
  const statement = sourceFile.statements[sourceFile.statements.length - 1] as ts.VariableStatement;
  return checker.getTypeFromTypeNode(statement.declarationList.declarations[0].type!);
}

describe("type recognisers", () => {
  it("library types by their declaration, not their name", () => {
    expect(isDateType(typeOf("Date"))).toBe(true);
    expect(isDateType(typeOf("Date", "interface Date { mine: true }"))).toBe(true); // merges with the lib's Date
    expect(isDateType(typeOf("MyDate", "interface MyDate { iso: string }"))).toBe(false);
    expect(isSetType(typeOf("Set<string>"))).toBe(true);
    expect(isSetType(typeOf("ReadonlySet<string>"))).toBe(true);
    expect(isMapType(typeOf("Map<string, number>"))).toBe(true);
    expect(isLibSymbol(typeOf("Set<string>").getSymbol())).toBe(true);
    expect(isLibSymbol(typeOf("Local", "interface Local { a: 1 }").getSymbol())).toBe(false);
  });

  it("atelier types by their declaration in the atelier module", () => {
    expect(isAtelierSymbol(typeOf("RunContext").getSymbol(), "RunContext")).toBe(true);
    expect(isAtelierSymbol(typeOf("RunContext", "interface RunContext { a: 1 }").getSymbol(), "RunContext")).toBe(
      false,
    );
  });

  it("stripUndefined", () => {
    expect(stripUndefined(typeOf("string | undefined")).length).toBe(1);
    expect(stripUndefined(typeOf("string | number | undefined")).length).toBe(2);
    expect(stripUndefined(typeOf("string")).length).toBe(1);
  });

  it("escapePointer (RFC 6901)", () => {
    expect(escapePointer("a/b~c")).toBe("a~1b~0c");
  });
});
