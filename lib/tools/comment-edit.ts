/**
 * Recognising an edit confined to one comment (typically the JSDoc description, as the author
 * types it). Such an edit cannot change what the type checker says about the code, so the previous
 * TypeScript diagnostics stay valid, shifted by the edit's length — the one full re-check a
 * keystroke would otherwise cost is skipped. Anything doubtful (a `@ts-` directive, a triple-slash
 * directive, a comment whose bounds moved, a diagnostic touching the comment) is not such an edit.
 */
import ts from "typescript";

export interface CommentEdit {
  /** Old-source offsets: diagnostics ending at or before `commentStart` are unchanged... */
  commentStart: number;
  /** ...and those starting at or after `oldCommentEnd` move by `delta`. */
  oldCommentEnd: number;
  delta: number;
}

interface CommentSpan {
  pos: number;
  end: number;
  kind: ts.CommentKind;
}

/** The comment of `sf` that wholly contains [from, to], if any. */
export function commentContaining(sf: ts.SourceFile, from: number, to: number): CommentSpan | null {
  let node: ts.Node = sf;
  for (;;) {
    let next: ts.Node | undefined;
    ts.forEachChild(node, (child) => {
      if (next) return;
      if (child.getFullStart() <= from && to <= child.getEnd()) next = child;
    });
    // Not inside one child (e.g. in trivia before a punctuation token): not recognised.
    if (!next) return null;
    if (to <= next.getStart(sf)) return inTrivia(sf.text, next.getFullStart(), from, to);
    node = next;
  }
}

function inTrivia(text: string, triviaStart: number, from: number, to: number): CommentSpan | null {
  const ranges = [
    ...(ts.getLeadingCommentRanges(text, triviaStart) ?? []),
    ...(ts.getTrailingCommentRanges(text, triviaStart) ?? []),
  ];
  const hit = ranges.find((r) => r.pos <= from && to <= r.end);
  return hit ? { pos: hit.pos, end: hit.end, kind: hit.kind } : null;
}

/** Comments that change what the checker reports: `@ts-ignore`, `@ts-expect-error`, `@ts-nocheck`, `///`. */
function isDirective(text: string): boolean {
  return text.includes("@ts-") || text.startsWith("///");
}

/** The edit from `before` to `after` if it lies inside one comment that kept its bounds. */
export function commentOnlyEdit(before: ts.SourceFile, after: ts.SourceFile): CommentEdit | null {
  const a = before.text;
  const b = after.text;
  if (a === b) return { commentStart: 0, oldCommentEnd: 0, delta: 0 };
  const max = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;

  const oldComment = commentContaining(before, prefix, a.length - suffix);
  const newComment = commentContaining(after, prefix, b.length - suffix);
  if (!oldComment || !newComment) return null;
  const delta = b.length - a.length;
  if (
    oldComment.pos !== newComment.pos ||
    oldComment.kind !== newComment.kind ||
    newComment.end - oldComment.end !== delta
  )
    return null;
  // Same start, same kind, end moved by exactly the edit: the comment kept its bounds, so the
  // code around it is the same text at shifted offsets.
  if (isDirective(a.slice(oldComment.pos, oldComment.end)) || isDirective(b.slice(newComment.pos, newComment.end)))
    return null;
  return { commentStart: oldComment.pos, oldCommentEnd: oldComment.end, delta };
}
