import { describe, expect, it } from "vitest";
import { describeJsonError, jsonErrorPosition } from "./json-error-position";

describe("jsonErrorPosition", () => {
  it("accepts what JSON.parse accepts", () => {
    for (const ok of ['[{"text": "hi"}]', " [ ] ", '{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"]}', "0"])
      expect(jsonErrorPosition(ok), ok).toBeNull();
  });

  it("names the line and column of the first error", () => {
    const text = '[\n  {"text": "hi"}\n  {"text": "again"}\n]';
    expect(jsonErrorPosition(text)).toEqual({ offset: 21, line: 3, column: 3, message: "expected , or ], found '{'" });
    expect(describeJsonError(jsonErrorPosition(text)!)).toBe(
      "Not valid JSON — line 3, column 3: expected , or ], found '{'",
    );
  });

  it("explains the usual slips: trailing commas, single quotes, unquoted names, unclosed strings, a missing value", () => {
    expect(jsonErrorPosition('[{"text": "a"},]')).toMatchObject({
      column: 16,
      message: expect.stringMatching(/trailing comma before \]/),
    });
    expect(jsonErrorPosition('{"a": 1,}')).toMatchObject({
      column: 9,
      message: expect.stringMatching(/trailing comma before \}/),
    });
    expect(jsonErrorPosition("[{'text': 'a'}]")).toMatchObject({
      column: 3,
      message: "expected a property name in double quotes, found '''",
    });
    expect(jsonErrorPosition("['a']")).toMatchObject({ column: 2, message: expect.stringMatching(/double quotes/) });
    expect(jsonErrorPosition("[{text: 1}]")).toMatchObject({ column: 3 });
    expect(jsonErrorPosition('["abc')).toMatchObject({ column: 6, message: 'a string is not closed (a " is missing)' });
    expect(jsonErrorPosition('{"a": }')).toMatchObject({
      column: 7,
      message: expect.stringMatching(/^expected a value/),
    });
    expect(jsonErrorPosition("")).toMatchObject({
      line: 1,
      column: 1,
      message: expect.stringMatching(/the end of the text/),
    });
    expect(jsonErrorPosition("[] x")).toMatchObject({
      column: 4,
      message: "unexpected 'x' after the end of the JSON value",
    });
  });

  it("agrees with JSON.parse on whether a text is JSON", () => {
    const samples = ["[1,2]", "[1 2]", '{"a":1}', "{a:1}", "[01]", "[1.]", '"\\x"', "nul", "[-]", "1e5", '"a\tb"'];
    for (const s of samples) {
      let parses = true;
      try {
        JSON.parse(s);
      } catch {
        parses = false;
      }
      expect(jsonErrorPosition(s) === null, s).toBe(parses);
    }
  });
});
