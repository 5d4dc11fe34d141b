import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "./markdown";

describe("parseInline", () => {
  it("bold, italic, code and text", () => {
    expect(parseInline("a **b** *c* `d`")).toEqual([
      { type: "text", text: "a " },
      { type: "strong", children: [{ type: "text", text: "b" }] },
      { type: "text", text: " " },
      { type: "em", children: [{ type: "text", text: "c" }] },
      { type: "text", text: " " },
      { type: "code", text: "d" },
    ]);
  });

  it("underscores inside words stay text (tool names)", () => {
    expect(parseInline("city_population returned: 2103000 and send_email_now")).toEqual([
      { type: "text", text: "city_population returned: 2103000 and send_email_now" },
    ]);
    expect(parseInline("_really_")).toEqual([{ type: "em", children: [{ type: "text", text: "really" }] }]);
  });

  it("unclosed delimiters while streaming are plain text", () => {
    expect(parseInline("Hello **wor")).toEqual([{ type: "text", text: "Hello **wor" }]);
    expect(parseInline("a `b")).toEqual([{ type: "text", text: "a `b" }]);
    expect(parseInline("2 * 3 * 4")).toEqual([{ type: "text", text: "2 * 3 * 4" }]);
  });

  it("nested emphasis and code with markers inside", () => {
    expect(parseInline("**bold *and italic***")).toEqual([
      {
        type: "strong",
        children: [
          { type: "text", text: "bold " },
          { type: "em", children: [{ type: "text", text: "and italic" }] },
        ],
      },
    ]);
    expect(parseInline("`a **not bold**`")).toEqual([{ type: "code", text: "a **not bold**" }]);
  });

  it("links keep safe targets only", () => {
    expect(parseInline("see [the docs](https://example.com/x) now")).toEqual([
      { type: "text", text: "see " },
      { type: "link", href: "https://example.com/x", children: [{ type: "text", text: "the docs" }] },
      { type: "text", text: " now" },
    ]);
    expect(parseInline("[click](javascript:alert(1))")).toEqual([
      { type: "text", text: "click" },
      { type: "text", text: ")" },
    ]);
    expect(parseInline("[offline demo, not an LLM] hi")).toEqual([
      { type: "text", text: "[offline demo, not an LLM] hi" },
    ]);
  });

  it("single newlines are line breaks; backslash escapes", () => {
    expect(parseInline("a\nb \\*c\\*")).toEqual([
      { type: "text", text: "a" },
      { type: "br" },
      { type: "text", text: "b *c*" },
    ]);
  });

  it("HTML is text", () => {
    expect(parseInline("<img src=x onerror=alert(1)>")).toEqual([
      { type: "text", text: "<img src=x onerror=alert(1)>" },
    ]);
  });
});

describe("safeHref", () => {
  it("allows http(s), mailto and relative links", () => {
    expect(safeHref("https://a.b")).toBe("https://a.b");
    expect(safeHref("mailto:x@y.z")).toBe("mailto:x@y.z");
    expect(safeHref("/runs/1")).toBe("/runs/1");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
  });
});

describe("parseMarkdown", () => {
  it("paragraphs split on blank lines", () => {
    expect(parseMarkdown("one\ntwo\n\nthree")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "one" }, { type: "br" }, { type: "text", text: "two" }] },
      { type: "paragraph", children: [{ type: "text", text: "three" }] },
    ]);
  });

  it("fenced code blocks, closed and still open", () => {
    expect(parseMarkdown("```ts\nconst a = 1;\n**x**\n```\nafter")).toEqual([
      { type: "code", lang: "ts", text: "const a = 1;\n**x**" },
      { type: "paragraph", children: [{ type: "text", text: "after" }] },
    ]);
    expect(parseMarkdown("text\n```\npartial")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "text" }] },
      { type: "code", lang: "", text: "partial" },
    ]);
  });

  it("bullet and numbered lists, nested by indentation", () => {
    expect(parseMarkdown("- a\n- **b**\n  - b1\n\n1. one\n2. two")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [
          [{ type: "paragraph", children: [{ type: "text", text: "a" }] }],
          [
            { type: "paragraph", children: [{ type: "strong", children: [{ type: "text", text: "b" }] }] },
            {
              type: "list",
              ordered: false,
              start: 1,
              items: [[{ type: "paragraph", children: [{ type: "text", text: "b1" }] }]],
            },
          ],
        ],
      },
      {
        type: "list",
        ordered: true,
        start: 1,
        items: [
          [{ type: "paragraph", children: [{ type: "text", text: "one" }] }],
          [{ type: "paragraph", children: [{ type: "text", text: "two" }] }],
        ],
      },
    ]);
  });

  it("headings, quotes and rules", () => {
    expect(parseMarkdown("# Title\n> quoted\n\n---")).toEqual([
      { type: "heading", level: 1, children: [{ type: "text", text: "Title" }] },
      { type: "quote", children: [{ type: "paragraph", children: [{ type: "text", text: "quoted" }] }] },
      { type: "rule" },
    ]);
  });

  it("a paragraph followed directly by a list", () => {
    expect(parseMarkdown("Results:\n- a\n- b").map((b) => b.type)).toEqual(["paragraph", "list"]);
  });
});
