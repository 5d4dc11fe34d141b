import { describe, expect, it } from "vitest";
import { compileGlob } from "./workspace-glob";

const PATHS = ["README.md", "notes", "notes/a.md", "notes/b.txt", "notes/deep/c.md", "src/x.ts", "src/y.tsx"];

function match(pattern: string): string[] {
  const g = compileGlob(pattern);
  if (!g.ok) throw new Error(g.message);
  return PATHS.filter((p) => g.matches(p));
}

describe("compileGlob", () => {
  it("* stays within a directory, ** crosses any number of them", () => {
    expect(match("*.md")).toEqual(["README.md"]);
    expect(match("notes/*.md")).toEqual(["notes/a.md"]);
    expect(match("**/*.md")).toEqual(["README.md", "notes/a.md", "notes/deep/c.md"]);
    expect(match("notes/**")).toEqual(["notes/a.md", "notes/b.txt", "notes/deep/c.md"]);
    expect(match("**")).toEqual(PATHS);
    expect(match("notes/**/c.md")).toEqual(["notes/deep/c.md"]);
    expect(match("*")).toEqual(["README.md", "notes"]);
  });

  it("supports ?, character sets and alternatives", () => {
    expect(match("notes/?.md")).toEqual(["notes/a.md"]);
    expect(match("notes/[ab].*")).toEqual(["notes/a.md", "notes/b.txt"]);
    expect(match("notes/[!a].*")).toEqual(["notes/b.txt"]);
    expect(match("src/*.{ts,tsx}")).toEqual(["src/x.ts", "src/y.tsx"]);
  });

  it("matches literally otherwise, the whole path and case-sensitively", () => {
    expect(match("readme.md")).toEqual([]);
    expect(match("notes/a")).toEqual([]);
    const g = compileGlob("a+b(c).md");
    expect(g.ok && g.matches("a+b(c).md")).toBe(true);
  });

  it("refuses patterns it cannot read", () => {
    expect(compileGlob("").ok).toBe(false);
    expect(compileGlob("/abs/*").ok).toBe(false);
    expect(compileGlob("a[bc").ok).toBe(false);
    expect(compileGlob("{a,b").ok).toBe(false);
  });
});
