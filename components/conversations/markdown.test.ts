import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { linkTarget, parseInline, parseMarkdown, safeHref } from "./markdown";
import { Markdown } from "./markdown-view";

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
    expect(safeHref("vbscript:msgbox(1)")).toBeNull();
    expect(safeHref("\u0001javascript:alert(1)")).toBeNull();
  });

  it("keeps links that leave the site (they are classified as external when rendered)", () => {
    for (const href of ["//evil.example", "/\\evil.example", "\\\\evil.example", "https:evil.example"]) {
      expect(safeHref(href)).toBe(href);
    }
  });
});

describe("linkTarget: classified by the origin the browser resolves the link to", () => {
  const origin = "http://localhost:3000";

  it("a backslash after the first slash leaves the site (browsers read \\ as /)", () => {
    expect(linkTarget("/\\evil.com/path", origin)).toEqual({ href: "http://evil.com/path", external: true });
    expect(linkTarget("\\\\evil.com", origin)).toEqual({ href: "http://evil.com/", external: true });
    expect(linkTarget("/\\/evil.com", origin)).toEqual({ href: "http://evil.com/", external: true });
  });

  it("a protocol-relative link leaves the site", () => {
    expect(linkTarget("//evil.com", origin)).toEqual({ href: "http://evil.com/", external: true });
  });

  it("`https:host` is another origin from an http page, a path on an https page", () => {
    expect(linkTarget("https:evil.com", origin)).toEqual({ href: "https://evil.com/", external: true });
    expect(linkTarget("https:evil.com", "https://studio.example")).toEqual({ href: "https:evil.com", external: false });
  });

  it("scripts and data never become links", () => {
    expect(linkTarget("javascript:alert(1)", origin)).toBeNull();
    expect(linkTarget("JaVaScRiPt:alert(1)", origin)).toBeNull();
    expect(linkTarget("data:text/html,x", origin)).toBeNull();
    expect(linkTarget("\u0001javascript:alert(1)", origin)).toBeNull();
  });

  it("relative paths, fragments, queries and our own absolute URLs stay internal", () => {
    for (const href of ["/runs/1", "./runs", "../runs/1", "runs/1", "#section", "?q=1", "/%5Cevil.com"]) {
      expect(linkTarget(href, origin)).toEqual({ href, external: false });
    }
    expect(linkTarget("http://localhost:3000/runs/1", origin)).toEqual({
      href: "http://localhost:3000/runs/1",
      external: false,
    });
  });

  it("other sites and mail are external", () => {
    expect(linkTarget("https://example.com/x", origin)).toEqual({ href: "https://example.com/x", external: true });
    expect(linkTarget("http://localhost:3001/", origin)).toEqual({ href: "http://localhost:3001/", external: true });
    expect(linkTarget("mailto:x@y.z", origin)).toEqual({ href: "mailto:x@y.z", external: true });
  });
});

describe("Markdown view links", () => {
  const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

  it("opens a link that resolves off-site in a new tab without opener, referrer or follow", () => {
    for (const href of ["/\\evil.com/path", "//evil.com/path", "\\\\evil.com/path"]) {
      const out = html(`[x](${href})`);
      expect(out).toContain('target="_blank"');
      expect(out).toContain('rel="noopener noreferrer nofollow"');
      expect(out).toMatch(/href="https?:\/\/evil\.com\/path"/);
    }
    expect(html("[x](https://example.com)")).toContain('rel="noopener noreferrer nofollow"');
  });

  it("an internal link stays in the tab, and a script link is text", () => {
    expect(html("[run](/runs/1)")).toBe('<div class="md"><p><a href="/runs/1">run</a></p></div>');
    expect(html("[x](javascript:alert(1))")).not.toContain("<a");
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
