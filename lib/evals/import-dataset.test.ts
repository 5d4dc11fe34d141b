import { describe, expect, it } from "vitest";
import { DatasetImportError } from "./dataset-import-error";
import { parseCsvCases } from "./import-csv";
import { parseJsonlCases } from "./import-jsonl";
import { parseCsv } from "./parse-csv";

function problemsOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (DatasetImportError.is(e)) return { message: e.message, details: e.details, code: e.code };
    throw e;
  }
  throw new Error("expected an import error");
}

describe("JSONL import", () => {
  it("reads one full case per line, skipping blank lines", () => {
    const cases = parseJsonlCases(
      [
        JSON.stringify({
          id: "paris",
          messages: ["Capital of France?"],
          expect: [{ kind: "contains", value: "Paris" }],
        }),
        "",
        JSON.stringify({
          messages: ["Hi", "Refund order 7"],
          context: { tier: "gold" },
          mocks: [{ tool: "refund", args: { order: 7 }, result: { ok: true } }],
          expect: [{ kind: "approvalRequested", tool: "refund", answer: "deny" }],
        }),
      ].join("\r\n"),
    );
    expect(cases).toHaveLength(2);
    expect(cases[0].id).toBe("paris");
    expect(cases[1].messages).toEqual(["Hi", "Refund order 7"]);
    expect(cases[1].mocks?.[0].result).toEqual({ ok: true });
  });

  it("names the line and field of each bad line, and imports nothing", () => {
    const p = problemsOf(() =>
      parseJsonlCases(
        [
          JSON.stringify({ messages: ["ok"], expect: [] }),
          "{not json",
          JSON.stringify({ messages: ["x"], expect: [{ kind: "contains" }] }),
          JSON.stringify({ messages: [], expect: [] }),
        ].join("\n"),
      ),
    );
    expect(p.code).toBe("validation_error");
    expect(p.details).toMatchObject({ line: 2, field: "" });
    expect(p.message).toMatch(/^Line 2: not valid JSON/);
    const errors = (p.details as { errors: Array<{ line: number; field: string }> }).errors;
    expect(errors.map((e) => [e.line, e.field])).toEqual([
      [2, ""],
      [3, "expect[0].value"],
      [4, "messages"],
    ]);
  });

  it("refuses an unknown expectation kind and a repeated id", () => {
    const kind = problemsOf(() => parseJsonlCases(JSON.stringify({ messages: ["x"], expect: [{ kind: "vibes" }] })));
    expect(kind.details).toMatchObject({ line: 1, field: "expect[0].kind" });
    const dup = problemsOf(() =>
      parseJsonlCases(
        [
          JSON.stringify({ id: "a", messages: ["x"], expect: [] }),
          JSON.stringify({ id: "a", messages: ["y"], expect: [] }),
        ].join("\n"),
      ),
    );
    expect(dup.details).toMatchObject({ line: 2, field: "id" });
  });

  it("refuses an empty file", () => {
    expect(problemsOf(() => parseJsonlCases("\n\n")).message).toContain("holds no case");
  });
});

describe("CSV import", () => {
  it("reads single-message cases with contains, equals and toolCalled columns (repeatable)", () => {
    const cases = parseCsvCases(
      [
        "id,message,contains,contains,equals,toolCalled",
        'p1,"Capital of France, please?",Paris,France,,',
        ',"Say ""hi""",,,hi,',
        ",Find orders,,,,search_orders",
      ].join("\r\n"),
    );
    expect(cases).toEqual([
      {
        id: "p1",
        messages: ["Capital of France, please?"],
        expect: [
          { kind: "contains", value: "Paris" },
          { kind: "contains", value: "France" },
        ],
      },
      { messages: ['Say "hi"'], expect: [{ kind: "equals", value: "hi" }] },
      { messages: ["Find orders"], expect: [{ kind: "toolCalled", name: "search_orders" }] },
    ]);
  });

  it("counts lines through quoted line breaks", () => {
    const p = problemsOf(() => parseCsvCases(["message,contains", '"two\nlines",x', ",y"].join("\n")));
    expect(p.details).toMatchObject({ line: 4, field: "message" });
  });

  it("names an unknown column, a missing message column, a short row and a bad id", () => {
    expect(problemsOf(() => parseCsvCases("message,answer\nhi,x")).details).toMatchObject({ line: 1, field: "answer" });
    expect(problemsOf(() => parseCsvCases("contains\nx")).details).toMatchObject({ line: 1, field: "message" });
    expect(problemsOf(() => parseCsvCases("message,contains\nhi")).details).toMatchObject({ line: 2, field: "" });
    expect(problemsOf(() => parseCsvCases("id,message\nbad id!,hi")).details).toMatchObject({ line: 2, field: "id" });
  });

  it("reports an unclosed quote on the line it opens", () => {
    expect(problemsOf(() => parseCsvCases('message\nok\n"never closed\nmore')).details).toMatchObject({ line: 3 });
  });
});

describe("parseCsv", () => {
  it("keeps empty cells and skips blank lines", () => {
    expect(parseCsv("a,,c\n\n1,2,3\n").records).toEqual([
      { line: 1, cells: ["a", "", "c"] },
      { line: 3, cells: ["1", "2", "3"] },
    ]);
  });
});
