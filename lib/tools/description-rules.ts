/**
 * The description rules ("the JSDoc is the description — all of it", lib/tools/README.md):
 *
 * 1. the whole JSDoc main text is the description, not its first line;
 * 2. line endings are normalised (CRLF -> LF), the text dedented and trimmed, before anything else;
 * 3. a line containing only `---` ends the model-facing part (below it: notes for humans);
 * 4. on the model-facing part only, a developer note (TODO, FIXME, XXX, HACK as a word at the start
 *    of a line, after optional indentation and an optional list bullet) is refused;
 * 5. the chosen text must be at least 30 characters; when text below the cut was left out, the
 *    error says so;
 * 6. an explicit `description:` is taken as given (trimmed): no cut, no note check, floor applies;
 * 7. with tool-side templates (`{{context.x}}`), the floor is measured on the text as rendered
 *    (the caller's `render`, fallbacks only), which is also the description returned.
 *
 * Pure string functions: no TypeScript compiler here.
 */
import { codePointLength, isBelowDescriptionFloor, MIN_DESCRIPTION_LENGTH } from "./description-floor.shared";
import { reprString } from "./repr";

export const DEVELOPER_NOTE_MARKERS = ["TODO", "FIXME", "XXX", "HACK"] as const;

/**
 * A marker at the start of a line: optional indentation, an optional bullet (`-`, `*`, `+`, `•`,
 * or `1.` / `1)`), then the marker as a whole word. "Append a TODO: item" (prose before it) and
 * "XXXL" (no word boundary) do not match.
 */
const DEVELOPER_NOTE_LINE = /^[ \t]*(?:(?:[-*+•]|\d+[.)])[ \t]+)?(TODO|FIXME|XXX|HACK)\b/;

const CUT_LINE = /^[ \t]*---[ \t]*$/;

export interface NormalizedText {
  text: string;
  /** Index (0-based) of the input line that became the text's first line. */
  firstLine: number;
}

/** CRLF/CR -> LF, remove the common indentation of the non-blank lines, trim. */
export function normalizeDocText(raw: string): NormalizedText {
  const lines = raw.replace(/\r\n?/g, "\n").split("\n");
  let margin = Infinity;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const indent = /^[ \t]*/.exec(line)![0].length;
    margin = Math.min(margin, indent);
  }
  const dedented = lines.map((line) => (line.trim() === "" ? "" : line.slice(margin === Infinity ? 0 : margin)));
  let first = 0;
  while (first < dedented.length && dedented[first].trim() === "") first++;
  let last = dedented.length - 1;
  while (last >= first && dedented[last].trim() === "") last--;
  if (first > last) return { text: "", firstLine: 0 };
  return {
    text: dedented
      .slice(first, last + 1)
      .join("\n")
      .trim(),
    firstLine: first,
  };
}

export interface CutText {
  /** The model-facing part, trimmed. */
  modelPart: string;
  /** Everything after the `---` line, trimmed; null when there is no cut line. */
  humanPart: string | null;
}

/** Split at the first line containing only `---`. */
export function splitAtCut(text: string): CutText {
  const lines = text.split("\n");
  const cut = lines.findIndex((line) => CUT_LINE.test(line));
  if (cut < 0) return { modelPart: text, humanPart: null };
  return {
    modelPart: lines.slice(0, cut).join("\n").trim(),
    humanPart: lines
      .slice(cut + 1)
      .join("\n")
      .trim(),
  };
}

export interface DeveloperNote {
  marker: (typeof DEVELOPER_NOTE_MARKERS)[number];
  /** 0-based line index within the text searched. */
  line: number;
}

/** The first developer note at the start of a line, or null. */
export function findDeveloperNote(text: string): DeveloperNote | null {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = DEVELOPER_NOTE_LINE.exec(lines[i]);
    if (m) return { marker: m[1] as DeveloperNote["marker"], line: i };
  }
  return null;
}

export function developerNoteMessage(toolName: string, marker: string): string {
  return (
    `tool ${reprString(toolName)} has a developer note (${marker}) in the part of its docstring ` +
    `that is sent to the model, where it reads as an instruction; move it below a ` +
    `line containing only '---' (everything after that line is for humans) or pass an ` +
    `explicit description:`
  );
}

export function descriptionTooShortMessage(toolName: string, text: string, cutHidText: boolean): string {
  const base =
    `tool ${reprString(toolName)} needs a docstring/description of at least ${MIN_DESCRIPTION_LENGTH} characters so ` +
    `the model can understand it; got ${codePointLength(text)} chars: ${reprString(text)}`;
  return cutHidText
    ? `${base} (everything below the '---' line in its docstring is for humans and was not counted)`
    : base;
}

export type DescriptionSource = "jsdoc" | "option";

export interface DescriptionProblem {
  kind: "developer-note" | "too-short";
  message: string;
  /**
   * For a developer note from the JSDoc: the 0-based index of the offending line among the lines
   * of the raw JSDoc main text that was passed in (so the caller can map it to a source line).
   */
  rawLine?: number;
}

export interface ChosenDescription {
  /** The model-facing text, rendered. */
  description: string;
  /** The model-facing text as written (differs from `description` when it has templates). */
  written: string;
  humanNotes: string | null;
  source: DescriptionSource;
  problems: DescriptionProblem[];
}

/**
 * Choose the model-facing description and check it.
 * @param jsdocMain the raw JSDoc main text (without `@tags`), or null when there is none
 * @param explicit the `description:` option, or null when not given
 * @param render the model-facing text as sent (templates rendered); the floor is measured on it
 */
export function chooseDescription(
  toolName: string,
  jsdocMain: string | null,
  explicit: string | null,
  render: (written: string) => string = (t) => t,
): ChosenDescription {
  if (explicit !== null) {
    const written = explicit.trim();
    const description = render(written);
    const problems: DescriptionProblem[] = [];
    if (isBelowDescriptionFloor(description)) {
      problems.push({ kind: "too-short", message: descriptionTooShortMessage(toolName, description, false) });
    }
    return { description, written, humanNotes: null, source: "option", problems };
  }

  const normalized = normalizeDocText(jsdocMain ?? "");
  const { modelPart, humanPart } = splitAtCut(normalized.text);
  const problems: DescriptionProblem[] = [];

  const note = findDeveloperNote(modelPart);
  if (note) {
    problems.push({
      kind: "developer-note",
      message: developerNoteMessage(toolName, note.marker),
      rawLine: normalized.firstLine + note.line,
    });
  }
  const description = render(modelPart);
  if (isBelowDescriptionFloor(description)) {
    const cutHidText = humanPart !== null && humanPart !== "";
    problems.push({ kind: "too-short", message: descriptionTooShortMessage(toolName, description, cutHidText) });
  }
  return {
    description,
    written: modelPart,
    humanNotes: humanPart === null || humanPart === "" ? null : humanPart,
    source: "jsdoc",
    problems,
  };
}
