/** Offsets in a text → Monaco ranges (1-based lines and columns, end column exclusive). */
import type { SourceRange } from "../tools/tool-analysis.shared";

export interface PositionIndex {
  range(start: number, end: number): SourceRange;
}

export function positionIndex(text: string): PositionIndex {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const at = (offset: number) => {
    const o = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - lineStarts[lo]! + 1 };
  };
  return {
    range(start, end) {
      const s = at(start);
      let e = at(Math.max(end, start));
      // An empty range still underlines one character.
      if (e.line === s.line && e.column <= s.column) e = { line: s.line, column: s.column + 1 };
      return { startLine: s.line, startColumn: s.column, endLine: e.line, endColumn: e.column };
    },
  };
}
