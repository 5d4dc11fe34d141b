/** Turning compiler positions into the 1-based, end-exclusive ranges the editor underlines. */
import ts from "typescript";
import type { SourceRange } from "./tool-types";

export function rangeOfSpan(sf: ts.SourceFile, start: number, end: number): SourceRange {
  const text = sf.text;
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  const a = sf.getLineAndCharacterOfPosition(s);
  const b = sf.getLineAndCharacterOfPosition(e);
  return { startLine: a.line + 1, startColumn: a.character + 1, endLine: b.line + 1, endColumn: b.character + 1 };
}

/** The node's own text, without its leading trivia (comments, whitespace). */
export function rangeOfNode(sf: ts.SourceFile, node: ts.Node): SourceRange {
  return rangeOfSpan(sf, node.getStart(sf), node.getEnd());
}

/**
 * A line's content inside a JSDoc comment: from the first character after the `*` prefix and
 * its spaces, to the last non-space character (stopping at a closing `*\/`). `line` is 0-based.
 */
export function rangeOfCommentLine(sf: ts.SourceFile, line: number): SourceRange {
  const starts = sf.getLineStarts();
  const lineStart = starts[line] ?? 0;
  const lineEnd = line + 1 < starts.length ? starts[line + 1] : sf.text.length;
  let text = sf.text.slice(lineStart, lineEnd).replace(/\r?\n$/, "");
  const close = text.indexOf("*/");
  if (close >= 0) text = text.slice(0, close);
  const prefix = /^[ \t]*(?:\/\*\*|\*(?!\/))?[ \t]*/.exec(text)![0].length;
  const content = text.slice(prefix).replace(/\s+$/, "");
  const a = lineStart + prefix;
  return rangeOfSpan(sf, a, a + content.length);
}

/** A zero-width range at the very start, for diagnostics that have no place in the source. */
export const START_OF_FILE: SourceRange = { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 };
