/**
 * The one CSV writer of the studio: RFC 4180 quoting, and OWASP's rule against formula injection —
 * a text cell starting with `=`, `+`, `-`, `@`, tab or carriage return is prefixed with `'`, so a
 * spreadsheet shows it as text instead of running it. Numbers stay numbers.
 */
import { describe, expect, it } from "vitest";
import { csvCell, csvDocument, csvLine } from "./csv.shared";

describe("csvCell", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ['=HYPERLINK("https://evil.example","click")', `"'=HYPERLINK(""https://evil.example"",""click"")"`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", `"'\r=1+1"`],
  ])("neutralises a formula: %j -> %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    [42, "42"],
    [-5, "-5"],
    [0.5, "0.5"],
    [-1_500_000_001, "-1500000001"],
    ["-0.000123000", "-0.000123000"],
    ["+12", "+12"],
    ["1e-9", "1e-9"],
  ])("keeps the number %j as it is", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("quotes what needs quoting and leaves plain text alone", () => {
    expect(csvCell("openai:gpt-4o")).toBe("openai:gpt-4o");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});

describe("csvLine and csvDocument", () => {
  it("join cells with commas and lines with CRLF, ending with one", () => {
    expect(csvLine(["=x", 1, null])).toBe("'=x,1,");
    expect(
      csvDocument([
        ["a", "b"],
        ["@c", -2],
      ]),
    ).toBe("a,b\r\n'@c,-2\r\n");
  });
});
