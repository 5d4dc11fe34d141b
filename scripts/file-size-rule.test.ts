/**
 * The 400-line rule (docs/architecture.md, "Files over 400 lines"): no source file tracked by git is
 * over 400 lines unless that section's table lists it with its reason. Tests (`*.test.ts(x)`,
 * `*.int.test.ts`, `e2e/*.spec.ts`) and generated code (lib/db/generated, next-env.d.ts) are exempt.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MAX_LINES = 400;
const root = path.resolve(__dirname, "..");
const SOURCE = /\.(ts|tsx|mjs|cjs)$/;
const EXEMPT = [/\.test\.tsx?$/, /^e2e\/.*\.spec\.ts$/, /^lib\/db\/generated\//, /^next-env\.d\.ts$/];

/** Lines as an editor counts them: a final newline does not start another line. */
function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** The paths in the table under "## Files over 400 lines" (first column, in backticks or not). */
function listedFiles(markdown: string): Set<string> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith("Files over 400 lines"));
  const listed = new Set<string>();
  if (!section) return listed;
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 4 || /^-+$/.test(cells[1]) || cells[1] === "path") continue;
    listed.add(cells[1].replace(/`/g, ""));
  }
  return listed;
}

function sourceFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out
    .split("\0")
    .filter((f) => SOURCE.test(f) && !EXEMPT.some((re) => re.test(f)))
    .filter((f) => {
      try {
        readFileSync(path.join(root, f));
        return true;
      } catch {
        return false; // deleted in the working tree, not yet committed
      }
    });
}

describe("the 400-line rule", () => {
  it("parses the table of the listed files", () => {
    const md = [
      "## Files over 400 lines",
      "",
      "| path | reason |",
      "| ---- | ------ |",
      "| `lib/a.ts` | one switch |",
      "| lib/b.tsx | generated-like |",
      "",
      "## Next",
      "| `lib/c.ts` | not this table |",
    ].join("\n");
    expect([...listedFiles(md)]).toEqual(["lib/a.ts", "lib/b.tsx"]);
    expect([lineCount(""), lineCount("a"), lineCount("a\n"), lineCount("a\nb")]).toEqual([0, 1, 1, 2]);
  });

  it(`no source file is over ${MAX_LINES} lines unless docs/architecture.md lists it with its reason`, () => {
    const listed = listedFiles(readFileSync(path.join(root, "docs/architecture.md"), "utf8"));
    const files = sourceFiles();
    const offenders = files
      .map((f) => ({ f, lines: lineCount(readFileSync(path.join(root, f), "utf8")) }))
      .filter(({ f, lines }) => lines > MAX_LINES && !listed.has(f))
      .map(({ f, lines }) => `${f} (${lines} lines)`);
    expect(offenders, `split these files, or list them with their reason in docs/architecture.md`).toEqual([]);
    // A listed file that is no longer tracked or no longer long is a stale row.
    const stale = [...listed].filter(
      (f) => !files.includes(f) || lineCount(readFileSync(path.join(root, f), "utf8")) <= MAX_LINES,
    );
    expect(stale, "rows of docs/architecture.md's table that no longer apply").toEqual([]);
  });
});
