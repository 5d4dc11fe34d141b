import ts from "typescript";
import { describe, expect, it } from "vitest";
import { analyzeTool, typescriptDiagnosticsFor } from "./analyze-tool";
import { commentOnlyEdit } from "./comment-edit";
import { createToolLanguageService } from "./language-service";

const BASE = `import { tool } from "atelier";
const early: number = "not a number";
/**
 * Return a short weather forecast for a city over the next few days.
 *
 * Use this when the user asks about upcoming weather.
 */
export default tool({ sideEffecting: false }, function forecast(city: string) {
  // a comment in the body
  const late: string = 42;
  // @ts-expect-error the next line is wrong on purpose
  const fine: number = "x";
  return city /* trailing */ + late;
});
const last: boolean = 1;
`;

function sf(text: string): ts.SourceFile {
  return ts.createSourceFile("/t.ts", text, ts.ScriptTarget.ES2022, true);
}

const EDITS: Array<[string, (s: string) => string, boolean]> = [
  ["a character in the description", (s) => s.replace("short weather", "shorter weather"), true],
  ["a new line in the description", (s) => s.replace(" * Use this", " * A new line.\n * Use this"), true],
  [
    "a deleted description line",
    (s) => s.replace(" *\n * Use this when the user asks about upcoming weather.\n", ""),
    true,
  ],
  ["a body line comment", (s) => s.replace("a comment in the body", "a longer comment in the body"), true],
  ["an inline block comment", (s) => s.replace("/* trailing */", "/* trailing, longer */"), true],
  ["the same source", (s) => s, true],
  ["code", (s) => s.replace("const late: string = 42;", "const late: string = 43;"), false],
  ["closing the comment early", (s) => s.replace("short weather", "short */ weather"), false],
  ["a @ts- directive", (s) => s.replace("@ts-expect-error the next", "@ts-expect-error the very next"), false],
  ["adding a @ts- directive", (s) => s.replace("a comment in the body", "@ts-ignore"), false],
  [
    "JSDoc to a plain comment (no effect on checking a .ts file)",
    (s) => s.replace("/**\n * Return", "/*\n * Return"),
    true,
  ],
  ["a comment turned into code", (s) => s.replace("// a comment in the body", "a comment in the body"), false],
  [
    "a line comment given a second line",
    (s) => s.replace("// a comment in the body", "// a comment\n in the body"),
    false,
  ],
];

describe("commentOnlyEdit", () => {
  it.each(EDITS)("%s", (_label, edit, expected) => {
    expect(commentOnlyEdit(sf(BASE), sf(edit(BASE))) !== null).toBe(expected);
  });

  it("reports where the comment was and how far later text moved", () => {
    const after = BASE.replace("short weather", "shorter weather");
    const start = BASE.indexOf("/**");
    expect(commentOnlyEdit(sf(BASE), sf(after))).toEqual({
      commentStart: start,
      oldCommentEnd: BASE.indexOf("*/", start) + 2,
      delta: 2,
    });
  });
});

describe("reusing diagnostics across a comment-only edit", () => {
  it.each(EDITS)("%s: the same diagnostics as a fresh check", (_label, edit, reusable) => {
    const service = createToolLanguageService();
    const memory = typescriptDiagnosticsFor(service);
    analyzeTool(BASE, { service });
    const before = memory.reused;
    const incremental = analyzeTool(edit(BASE), { service });
    const fresh = analyzeTool(edit(BASE), { service: createToolLanguageService({ isolated: true }) });
    expect(incremental.diagnostics).toEqual(fresh.diagnostics);
    expect(incremental.tool).toEqual(fresh.tool);
    expect(memory.reused - before).toBe(reusable ? 1 : 0);
  });

  it("the base has diagnostics before and after the comment, so the shifting is exercised", () => {
    const lines = analyzeTool(BASE, { service: createToolLanguageService() }).diagnostics.map((d) => d.range.startLine);
    expect(lines).toEqual([2, 10, 15]);
  });

  it("a chain of description edits stays exact", () => {
    const service = createToolLanguageService();
    let source = BASE;
    analyzeTool(source, { service });
    for (const word of ["very ", "much ", "more\n * and again "]) {
      source = source.replace("short", `${word}short`);
      expect(analyzeTool(source, { service }).diagnostics).toEqual(
        analyzeTool(source, { service: createToolLanguageService({ isolated: true }) }).diagnostics,
      );
    }
    expect(typescriptDiagnosticsFor(service).reused).toBe(3);
  });
});
