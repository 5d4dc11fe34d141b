import ts from "typescript";
import { describe, expect, it } from "vitest";
import { rangeOfCommentLine, rangeOfNode, rangeOfSpan } from "./source-ranges";

const sf = (text: string) => ts.createSourceFile("/r.ts", text, ts.ScriptTarget.ES2022, true);

describe("source ranges (1-based, end exclusive)", () => {
  it("a span", () => {
    expect(rangeOfSpan(sf("ab\ncd"), 3, 5)).toEqual({ startLine: 2, startColumn: 1, endLine: 2, endColumn: 3 });
  });

  it("a span is clamped to the text", () => {
    expect(rangeOfSpan(sf("ab"), -3, 99)).toEqual({ startLine: 1, startColumn: 1, endLine: 1, endColumn: 3 });
  });

  it("a node without its leading comments", () => {
    const file = sf("/** doc */\nconst a = 1;");
    expect(rangeOfNode(file, file.statements[0])).toEqual({ startLine: 2, startColumn: 1, endLine: 2, endColumn: 13 });
  });

  it.each([
    ["/**\n *   - TODO: x  \n */", 1, { startLine: 2, startColumn: 6, endLine: 2, endColumn: 15 }],
    ["/** TODO: one line */", 0, { startLine: 1, startColumn: 5, endLine: 1, endColumn: 19 }],
    ["/**\r\n * TODO\r\n */", 1, { startLine: 2, startColumn: 4, endLine: 2, endColumn: 8 }],
    ["/**\n   TODO no star\n*/", 1, { startLine: 2, startColumn: 4, endLine: 2, endColumn: 16 }],
  ])("a comment line's content: %j", (text, line, range) => {
    expect(rangeOfCommentLine(sf(text), line)).toEqual(range);
  });
});
