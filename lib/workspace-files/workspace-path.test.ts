import { describe, expect, it } from "vitest";
import { MAX_WORKSPACE_PATH_BYTES, checkWorkspacePath, parentDirectories } from "./workspace-path";

const refused = (raw: unknown) => {
  const r = checkWorkspacePath(raw);
  expect(r.ok).toBe(false);
  return r.ok ? "" : r.message;
};

describe("checkWorkspacePath", () => {
  it("accepts root-relative paths and normalises them to NFC", () => {
    expect(checkWorkspacePath("notes/todo.md")).toEqual({ ok: true, path: "notes/todo.md" });
    expect(checkWorkspacePath("a.txt")).toEqual({ ok: true, path: "a.txt" });
    // "é" as e + combining acute becomes the single code point.
    expect(checkWorkspacePath("cafe\u0301.md")).toEqual({ ok: true, path: "caf\u00e9.md" });
    expect(checkWorkspacePath("src/")).toEqual({ ok: true, path: "src" });
    expect(checkWorkspacePath("..hidden/x..y/.env")).toEqual({ ok: true, path: "..hidden/x..y/.env" });
  });

  it("refuses every form that could name something outside the workspace or nothing", () => {
    expect(refused("")).toMatch(/empty/);
    expect(refused("/etc/passwd")).toMatch(/starts with '\/'/);
    expect(refused("/")).toMatch(/starts with '\/'/);
    expect(refused("a\\b.txt")).toMatch(/contains '\\'/);
    expect(refused("..\\x")).toMatch(/contains '\\'/);
    expect(refused("a\u0000b")).toMatch(/NUL/);
    expect(refused("a\nb")).toMatch(/control character/);
    expect(refused(".")).toMatch(/'\.' segment/);
    expect(refused("..")).toMatch(/'\.\.' segment/);
    expect(refused("../secret")).toMatch(/'\.\.' segment/);
    expect(refused("a/../../b")).toMatch(/'\.\.' segment/);
    expect(refused("a/./b")).toMatch(/'\.' segment/);
    expect(refused("a/..")).toMatch(/'\.\.' segment/);
    expect(refused("a//b")).toMatch(/empty segment/);
    expect(refused(42)).toMatch(/must be a string/);
    expect(refused(null)).toMatch(/must be a string/);
  });

  it("counts the 512-byte limit in UTF-8 bytes after normalisation", () => {
    expect(checkWorkspacePath("a".repeat(MAX_WORKSPACE_PATH_BYTES)).ok).toBe(true);
    expect(refused("a".repeat(MAX_WORKSPACE_PATH_BYTES + 1))).toMatch(/513 bytes long, over the limit of 512/);
    // 256 two-byte characters are 512 bytes; one more is over.
    expect(checkWorkspacePath("é".repeat(256)).ok).toBe(true);
    expect(refused("é".repeat(257))).toMatch(/514 bytes/);
  });

  it("names the argument in its messages", () => {
    const r = checkWorkspacePath("", "pattern");
    expect(r.ok ? "" : r.message).toMatch(/^pattern is empty/);
  });
});

describe("parentDirectories", () => {
  it("lists the directories a file sits in, outermost first", () => {
    expect(parentDirectories("a/b/c.md")).toEqual(["a", "a/b"]);
    expect(parentDirectories("c.md")).toEqual([]);
  });
});
