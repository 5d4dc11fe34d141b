import { describe, expect, it } from "vitest";
import {
  chooseDescription,
  descriptionTooShortMessage,
  developerNoteMessage,
  findDeveloperNote,
  normalizeDocText,
  splitAtCut,
} from "./description-rules";
import { MIN_DESCRIPTION_LENGTH } from "./description-floor.shared";

const LONG = "Look up the current shipping status of a customer order.";

describe("normalizeDocText", () => {
  it("turns CRLF and lone CR into LF", () => {
    expect(normalizeDocText("a line\r\nanother\rthird").text).toBe("a line\nanother\nthird");
  });

  it("removes the common indentation, keeping deeper indents", () => {
    expect(normalizeDocText("    Heading:\n      - item\n    tail").text).toBe("Heading:\n  - item\ntail");
  });

  it("ignores blank lines when finding the common indentation", () => {
    expect(normalizeDocText("   one\n\n   two").text).toBe("one\n\ntwo");
  });

  it("re-runs the dedent a CRLF would have defeated", () => {
    expect(normalizeDocText("    first\r\n    second\r\n").text).toBe("first\nsecond");
  });

  it("trims leading and trailing blank lines and reports where the text starts", () => {
    expect(normalizeDocText("\n\n  body\n\n")).toEqual({ text: "body", firstLine: 2 });
  });

  it("gives an empty text for an empty or blank input", () => {
    expect(normalizeDocText("").text).toBe("");
    expect(normalizeDocText(" \n \t\n").text).toBe("");
  });
});

describe("splitAtCut", () => {
  it("cuts at a line containing only ---, trimming both halves", () => {
    expect(splitAtCut("above\n\n---\n\nbelow")).toEqual({ modelPart: "above", humanPart: "below" });
  });

  it("accepts spaces around the ---", () => {
    expect(splitAtCut("above\n  ---  \nbelow").modelPart).toBe("above");
  });

  it.each([["----"], ["--- more"], ["text ---"], ["- - -"]])("does not cut at %j", (line) => {
    expect(splitAtCut(`above\n${line}\nbelow`)).toEqual({ modelPart: `above\n${line}\nbelow`, humanPart: null });
  });

  it("cuts at the first --- line only", () => {
    expect(splitAtCut("a\n---\nb\n---\nc")).toEqual({ modelPart: "a", humanPart: "b\n---\nc" });
  });
});

describe("findDeveloperNote", () => {
  it.each([
    ["TODO: rewrite", "TODO", 0],
    ["FIXME later", "FIXME", 0],
    ["XXX broken", "XXX", 0],
    ["HACK: vendor bug", "HACK", 0],
    ["intro\n  TODO: indented", "TODO", 1],
    ["intro\n- TODO: bullet", "TODO", 1],
    ["intro\n  - TODO: indented bullet", "TODO", 1],
    ["intro\n* FIXME star bullet", "FIXME", 1],
    ["intro\n+ HACK plus bullet", "HACK", 1],
    ["intro\n1. TODO numbered", "TODO", 1],
    ["intro\n\tTODO tab", "TODO", 1],
    ["TODO", "TODO", 0],
  ])("finds the note in %j", (text, marker, line) => {
    expect(findDeveloperNote(text)).toEqual({ marker, line });
  });

  it.each([
    ["Append a TODO: item to the checklist"],
    ["XXXL is a size we stock"],
    ["TODOs are listed by the tool"],
    ["todo: lower case is prose"],
    ["- the TODO list"],
    ["HACKATHON entries"],
    ["-TODO without a space after the bullet"],
  ])("leaves %j alone", (text) => {
    expect(findDeveloperNote(text)).toBeNull();
  });
});

describe("messages", () => {
  it("developer note, word for word with our option name", () => {
    expect(developerNoteMessage("t", "FIXME")).toBe(
      "tool 't' has a developer note (FIXME) in the part of its docstring that is sent to the model, " +
        "where it reads as an instruction; move it below a line containing only '---' (everything after " +
        "that line is for humans) or pass an explicit description:",
    );
  });

  it("floor, with and without the cut explanation", () => {
    expect(descriptionTooShortMessage("t", "", false)).toBe(
      "tool 't' needs a docstring/description of at least 30 characters so the model can understand it; got 0 chars: ''",
    );
    expect(descriptionTooShortMessage("t", "Short.", true)).toMatch(
      /got 6 chars: 'Short\.' \(everything below the '---' line in its docstring is for humans and was not counted\)$/,
    );
  });

  it("quotes like Python's repr when the text holds a quote", () => {
    expect(descriptionTooShortMessage("t", "It's short.", false)).toMatch(/got 11 chars: "It's short\."$/);
  });
});

describe("chooseDescription", () => {
  it("takes the whole JSDoc text, every paragraph", () => {
    const chosen = chooseDescription("t", `${LONG}\n\nSecond paragraph for the model.`, null);
    expect(chosen).toEqual({
      description: `${LONG}\n\nSecond paragraph for the model.`,
      written: `${LONG}\n\nSecond paragraph for the model.`,
      humanNotes: null,
      source: "jsdoc",
      problems: [],
    });
  });

  it("keeps the part below the cut as human notes", () => {
    const chosen = chooseDescription("t", `${LONG}\n---\nFor maintainers.`, null);
    expect([chosen.description, chosen.humanNotes]).toEqual([LONG, "For maintainers."]);
  });

  it("refuses a note above the cut and reports its raw line", () => {
    const chosen = chooseDescription("t", `\n ${LONG}\n\n - TODO: speed up`, null);
    expect(chosen.problems).toEqual([
      { kind: "developer-note", message: developerNoteMessage("t", "TODO"), rawLine: 3 },
    ]);
  });

  it("leaves a note below the cut alone", () => {
    expect(chooseDescription("t", `${LONG}\n---\nTODO: speed up`, null).problems).toEqual([]);
  });

  it("measures the floor on the whole text, not its first line", () => {
    expect(chooseDescription("t", "Short.\nBut the body says a good deal more.", null).problems).toEqual([]);
  });

  it("the floor is inclusive at 30 characters, counted in code points", () => {
    expect(chooseDescription("t", "x".repeat(MIN_DESCRIPTION_LENGTH), null).problems).toEqual([]);
    expect(chooseDescription("t", "x".repeat(MIN_DESCRIPTION_LENGTH - 1), null).problems.map((p) => p.kind)).toEqual([
      "too-short",
    ]);
    expect(chooseDescription("t", "🌦".repeat(MIN_DESCRIPTION_LENGTH), null).problems).toEqual([]);
  });

  it("explains the floor when text below the cut was not counted", () => {
    const [problem] = chooseDescription("t", "Look it up.\n---\nA long explanation for humans only.", null).problems;
    expect(problem.message).toBe(descriptionTooShortMessage("t", "Look it up.", true));
  });

  it("does not add the explanation when the cut hid nothing", () => {
    const [problem] = chooseDescription("t", "Look it up.\n---\n", null).problems;
    expect(problem.message).toBe(descriptionTooShortMessage("t", "Look it up.", false));
  });

  it("reports a missing JSDoc as an empty description under the floor", () => {
    expect(chooseDescription("t", null, null).problems.map((p) => p.message)).toEqual([
      descriptionTooShortMessage("t", "", false),
    ]);
  });

  it("reports both a note and a thin text", () => {
    expect(chooseDescription("t", "TODO: x", null).problems.map((p) => p.kind)).toEqual([
      "developer-note",
      "too-short",
    ]);
  });

  it("an explicit description wins: trimmed, no cut, no note check", () => {
    const explicit = "  Search the catalogue.\nTODO: not a note here\n---\nstill sent  ";
    const chosen = chooseDescription("t", "Thin.", explicit);
    expect(chosen).toEqual({
      description: "Search the catalogue.\nTODO: not a note here\n---\nstill sent",
      written: "Search the catalogue.\nTODO: not a note here\n---\nstill sent",
      humanNotes: null,
      source: "option",
      problems: [],
    });
  });

  it("an explicit description still has to clear the floor", () => {
    expect(chooseDescription("t", LONG, "  Too thin.  ").problems).toEqual([
      { kind: "too-short", message: descriptionTooShortMessage("t", "Too thin.", false) },
    ]);
  });
});
