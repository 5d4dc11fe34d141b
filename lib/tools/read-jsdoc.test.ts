import ts from "typescript";
import { describe, expect, it } from "vitest";
import { findJsDocComment, parseJsDoc } from "./read-jsdoc";

function jsdocOf(source: string) {
  const sf = ts.createSourceFile("/t.ts", source, ts.ScriptTarget.ES2022, true);
  const statement = sf.statements[sf.statements.length - 1];
  const span = findJsDocComment(sf, statement);
  return span ? parseJsDoc(sf, span.start, span.end) : null;
}

describe("findJsDocComment", () => {
  it("finds the /** */ right before the statement", () => {
    expect(jsdocOf("/** Doc. */\nconst a = 1;")).not.toBeNull();
  });

  it("looks past plain comments to the last JSDoc", () => {
    expect(jsdocOf("/** Doc. */\n// line\nconst a = 1;")!.mainLines.map((l) => l.text)).toEqual([" Doc. "]);
  });

  it.each([["/* plain */\nconst a = 1;"], ["// line\nconst a = 1;"], ["/**/\nconst a = 1;"], ["const a = 1;"]])(
    "ignores %j",
    (source) => {
      expect(jsdocOf(source)).toBeNull();
    },
  );
});

describe("parseJsDoc", () => {
  it("keeps every main-text line with its source line, stars removed", () => {
    const doc = jsdocOf("\n/**\n * First.\n *\n *   - indented\n */\nconst a = 1;")!;
    expect(doc.mainLines).toEqual([
      { text: "", line: 1 },
      { text: " First.", line: 2 },
      { text: "", line: 3 },
      { text: "   - indented", line: 4 },
      { text: " ", line: 5 },
    ]);
  });

  it("a one-line comment", () => {
    expect(jsdocOf("/** Look it up. */\nconst a = 1;")!.mainLines.map((l) => l.text)).toEqual([" Look it up. "]);
  });

  it("the main text ends at the first tag line; a --- line is kept", () => {
    const doc = jsdocOf(
      "/**\n * Above.\n * ---\n * Below.\n * @param a The a.\n * @returns nothing\n */\nconst a = 1;",
    )!;
    expect(doc.mainLines.map((l) => l.text.trim()).filter(Boolean)).toEqual(["Above.", "---", "Below."]);
    expect([...doc.params]).toEqual([["a", "The a."]]);
  });

  it("an @ inside a line is not a tag", () => {
    const doc = jsdocOf("/**\n * Mail ops@example.com about it.\n */\nconst a = 1;")!;
    expect(doc.mainLines.map((l) => l.text.trim()).filter(Boolean)).toEqual(["Mail ops@example.com about it."]);
  });

  it.each([
    ["@param city The city.", "city", "The city."],
    ["@param {string} city The city.", "city", "The city."],
    ["@param {{ a: string }} city The city.", "city", "The city."],
    ["@param city - The city.", "city", "The city."],
    ["@param [days] How many.", "days", "How many."],
    ["@param [days=3] How many.", "days", "How many."],
    ["@param params.query The query.", "params.query", "The query."],
    ["@arg city The city.", "city", "The city."],
  ])("%s", (tag, name, text) => {
    expect(jsdocOf(`/**\n * Main.\n * ${tag}\n */\nconst a = 1;`)!.params.get(name)).toBe(text);
  });

  it("a @param description continues over lines", () => {
    const doc = jsdocOf("/**\n * Main.\n * @param city The city,\n *   as written.\n */\nconst a = 1;")!;
    expect(doc.params.get("city")).toBe("The city,\nas written.");
  });

  it("reads CRLF comments", () => {
    const doc = jsdocOf("/**\r\n * One.\r\n * @param a A.\r\n */\r\nconst a = 1;")!;
    expect(doc.mainLines.map((l) => l.text)).toEqual(["", " One."]);
    expect(doc.params.get("a")).toBe("A.");
  });
});
