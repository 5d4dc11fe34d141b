/**
 * Reading a tool's JSDoc from the raw comment text: the main text (everything before the first
 * `@tag` line, every paragraph of it), the `@param` descriptions, and the other tags with their
 * lines (validation tags like `@minimum 1` below a `@param` belong to that parameter). The raw text is read rather
 * than TypeScript's parsed JSDoc so that line structure, indentation and `---` cut lines survive
 * exactly, and every main-text line keeps its source line for underlining.
 */
import ts from "typescript";
import { normalizeDocText } from "./description-rules";
import { isValidationTag } from "./validation-tag-names";

export interface JsDocLine {
  text: string;
  /** 0-based source line. */
  line: number;
}

/** One `@tag` block: its name, its text (the rest of the line and continuation lines), its line. */
export interface JsDocTag {
  name: string;
  text: string;
  /** 0-based source line of the `@tag`. */
  line: number;
  /** The `@param` this tag follows (a constraint tag belongs to it), if any. */
  param?: string;
}

export interface ToolJsDoc {
  /** Position of the comment in the source. */
  start: number;
  end: number;
  /** The main text's lines, star prefixes removed, not yet dedented. */
  mainLines: JsDocLine[];
  /** `@param name text` -> text (normalised). Dotted names (`params.query`) are kept as written. */
  params: Map<string, string>;
  /** Every tag other than `@param`, in order, each with the `@param` it follows. */
  tags: JsDocTag[];
}

/**
 * The JSDoc comment (`/** … *\/`) before the node, if any: the last one among its leading
 * comments, as TypeScript itself (and so the editor's hover) attaches it.
 */
export function findJsDocComment(sf: ts.SourceFile, node: ts.Node): { start: number; end: number } | null {
  const ranges = ts.getLeadingCommentRanges(sf.text, node.getFullStart()) ?? [];
  for (let i = ranges.length - 1; i >= 0; i--) {
    const r = ranges[i];
    if (r.kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const text = sf.text.slice(r.pos, r.end);
    if (text.startsWith("/**") && !text.startsWith("/**/")) return { start: r.pos, end: r.end };
  }
  return null;
}

const TAG_LINE = /^[ \t]*@([A-Za-z][\w-]*)/;

/** Parse the comment at [start, end) of the source. */
export function parseJsDoc(sf: ts.SourceFile, start: number, end: number): ToolJsDoc {
  const raw = sf.text.slice(start, end);
  const firstLine = sf.getLineAndCharacterOfPosition(start).line;
  const body = raw.slice(3, raw.endsWith("*/") ? raw.length - 2 : raw.length);
  const rawLines = body.split(/\r\n|\r|\n/);
  const lines: JsDocLine[] = rawLines.map((text, i) => ({
    text: i === 0 ? text : text.replace(/^[ \t]*\*(?!\/)/, ""),
    line: firstLine + i,
  }));

  const mainLines: JsDocLine[] = [];
  const params = new Map<string, string>();
  const tags: JsDocTag[] = [];
  let currentParam: string | undefined;
  let i = 0;
  for (; i < lines.length && !TAG_LINE.test(lines[i].text); i++) mainLines.push(lines[i]);

  while (i < lines.length) {
    const tag = TAG_LINE.exec(lines[i].text)!;
    const line = lines[i].line;
    const block = [lines[i].text.slice(tag[0].length)];
    for (i++; i < lines.length && !TAG_LINE.test(lines[i].text); i++) block.push(lines[i].text);
    if (tag[1] === "param" || tag[1] === "arg" || tag[1] === "argument") {
      const parsed = parseParamTag(block);
      if (parsed && !params.has(parsed.name)) params.set(parsed.name, parsed.text);
      currentParam = parsed?.name;
    } else {
      // Constraint tags below a `@param` belong to it; any other tag ends that parameter's block.
      if (!isValidationTag(tag[1])) currentParam = undefined;
      const text = block.join("\n").trim();
      tags.push(
        currentParam === undefined ? { name: tag[1], text, line } : { name: tag[1], text, line, param: currentParam },
      );
    }
  }
  return { start, end, mainLines, params, tags };
}

/** `{Type} name text`, `[name] text`, `[name=default] - text`, `name - text`. */
function parseParamTag(block: string[]): { name: string; text: string } | null {
  let head = block[0].replace(/^\s+/, "");
  if (head.startsWith("{")) {
    let depth = 0;
    let j = 0;
    for (; j < head.length; j++) {
      if (head[j] === "{") depth++;
      else if (head[j] === "}" && --depth === 0) break;
    }
    head = head.slice(j + 1).replace(/^\s+/, "");
  }
  const m = /^(\[([^\]=]+)(?:=[^\]]*)?\]|[\w$.]+)\s*(?:-\s+)?/.exec(head);
  if (!m) return null;
  const name = (m[2] ?? m[1]).trim();
  const first = head.slice(m[0].length).trim();
  const rest = normalizeDocText(block.slice(1).join("\n")).text;
  const text = [first, rest].filter((part) => part !== "").join("\n");
  return { name, text };
}
