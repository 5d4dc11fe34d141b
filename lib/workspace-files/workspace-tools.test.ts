import { describe, expect, it } from "vitest";
import { MapWorkspaceFileStore } from "./map-workspace-file-store";
import { DEFAULT_WORKSPACE_LIMITS, workspaceLimitsFromEnv, type WorkspaceLimits } from "./workspace-limits";
import { WORKSPACE_TOOLS, runWorkspaceTool, workspaceArgumentError, type WorkspaceToolName } from "./workspace-tools";

let clock = 0;
const store = () => new MapWorkspaceFileStore(() => new Date(Date.UTC(2026, 0, 1) + ++clock * 1000));
const call = (s: MapWorkspaceFileStore, name: WorkspaceToolName, args: unknown, limits?: WorkspaceLimits) =>
  runWorkspaceTool(s, name, args, limits);

async function ok(s: MapWorkspaceFileStore, name: WorkspaceToolName, args: unknown, limits?: WorkspaceLimits) {
  const r = await call(s, name, args, limits);
  if (!r.ok) throw new Error(`${name} failed: ${r.error.message}`);
  return r.result;
}
async function fails(s: MapWorkspaceFileStore, name: WorkspaceToolName, args: unknown, limits?: WorkspaceLimits) {
  const r = await call(s, name, args, limits);
  if (r.ok) throw new Error(`${name} succeeded: ${JSON.stringify(r.result)}`);
  return r.error;
}

describe("the workspace tool set", () => {
  it("declares six tools: the two writers side-effecting, none memoizable", () => {
    expect(WORKSPACE_TOOLS.map((t) => [t.name, t.sideEffecting])).toEqual([
      ["read_file", false],
      ["write_file", true],
      ["edit_file", true],
      ["glob", false],
      ["list_dir", false],
      ["stat", false],
    ]);
    expect(WORKSPACE_TOOLS.every((t) => !t.idempotent && !t.requiresApproval)).toBe(true);
  });

  it("writes, reads and describes files with the entry shape", async () => {
    const s = store();
    const written = await ok(s, "write_file", { path: "notes/todo.md", content: "héllo\n" });
    expect(written).toEqual({ path: "notes/todo.md", isDirectory: false, size: 7, modifiedAt: expect.any(String) });
    expect(await ok(s, "read_file", { path: "notes/todo.md" })).toBe("héllo\n");
    expect(await ok(s, "stat", { path: "notes" })).toMatchObject({ path: "notes", isDirectory: true, size: 7 });
    expect(await ok(s, "list_dir", {})).toEqual([
      { path: "notes", isDirectory: true, size: 7, modifiedAt: (written as { modifiedAt: string }).modifiedAt },
    ]);
    expect(await ok(s, "list_dir", { path: "notes" })).toEqual([written]);
    // A rewrite is a new version; the file is the newest.
    await ok(s, "write_file", { path: "notes/todo.md", content: "bye" });
    expect(await ok(s, "read_file", { path: "notes/todo.md" })).toBe("bye");
    expect(s.versions).toHaveLength(2);
  });

  it("answers clear errors for what does not exist or is the wrong kind", async () => {
    const s = store();
    await ok(s, "write_file", { path: "a/b.txt", content: "x" });
    expect((await fails(s, "read_file", { path: "nope.md" })).message).toMatch(/nope.md does not exist/);
    expect((await fails(s, "read_file", { path: "a" })).message).toMatch(/a is a directory/);
    expect((await fails(s, "list_dir", { path: "a/b.txt" })).message).toMatch(/is a file, not a directory/);
    expect((await fails(s, "list_dir", { path: "zz" })).message).toMatch(/does not exist/);
    expect((await fails(s, "stat", { path: "zz" })).type).toBe("ToolExecutionError");
    expect((await fails(s, "write_file", { path: "a", content: "x" })).message).toMatch(/it is a directory/);
    expect((await fails(s, "write_file", { path: "a/b.txt/c", content: "x" })).message).toMatch(
      /a\/b.txt is a file, not a directory/,
    );
  });

  it("refuses confined-path violations and bad arguments as argument errors, before anything runs", async () => {
    const s = store();
    for (const path of ["", "/abs", "../x", "a/./b", "a\\b", "a\u0000b", "x".repeat(513)]) {
      const e = await fails(s, "write_file", { path, content: "x" });
      expect(e.type).toBe("ToolArgumentError");
      expect(workspaceArgumentError("write_file", { path, content: "x" })?.type).toBe("ToolArgumentError");
    }
    expect(s.versions).toHaveLength(0);
    expect((await fails(s, "write_file", { path: "a" })).message).toMatch(/missing required argument\(s\) 'content'/);
    expect((await fails(s, "read_file", { path: "a", mode: "x" })).message).toMatch(/unexpected argument\(s\) 'mode'/);
    expect((await fails(s, "read_file", { path: 3 })).message).toMatch(/'path' must be a string/);
    expect((await fails(s, "stat", [])).message).toMatch(/JSON object/);
    expect((await fails(s, "glob", { pattern: "a[" })).type).toBe("ToolArgumentError");
    expect(workspaceArgumentError("list_dir", { path: null })).toBeNull();
  });

  describe("edit_file", () => {
    it("replaces exactly one occurrence, literally", async () => {
      const s = store();
      await ok(s, "write_file", { path: "f.md", content: "one\ntwo\nthree\n" });
      await ok(s, "edit_file", { path: "f.md", old_string: "two\nthree", new_string: "$& 2" });
      expect(await ok(s, "read_file", { path: "f.md" })).toBe("one\n$& 2\n");
      await ok(s, "edit_file", { path: "f.md", old_string: "$& 2\n", new_string: "" });
      expect(await ok(s, "read_file", { path: "f.md" })).toBe("one\n");
    });

    it("refuses a string that is missing, ambiguous or empty, and a missing file; nothing changes", async () => {
      const s = store();
      await ok(s, "write_file", { path: "f.md", content: "a a b" });
      const missing = await fails(s, "edit_file", { path: "f.md", old_string: "c", new_string: "d" });
      expect(missing).toEqual({ type: "ToolExecutionError", message: expect.stringMatching(/does not occur in f.md/) });
      const ambiguous = await fails(s, "edit_file", { path: "f.md", old_string: "a", new_string: "d" });
      expect(ambiguous.message).toMatch(/occurs 2 times in f.md/);
      expect((await fails(s, "edit_file", { path: "f.md", old_string: "", new_string: "d" })).type).toBe(
        "ToolArgumentError",
      );
      expect((await fails(s, "edit_file", { path: "g.md", old_string: "a", new_string: "d" })).message).toMatch(
        /g.md does not exist/,
      );
      expect(s.versions).toHaveLength(1);
    });
  });

  describe("limits", () => {
    const limits: WorkspaceLimits = { maxFileBytes: 10, quota: { maxFiles: 2, maxBytes: 15 } };

    it("refuses a file over the size limit (in UTF-8 bytes)", async () => {
      const s = store();
      const e = await fails(s, "write_file", { path: "big", content: "ééééééé" }, limits);
      expect(e.message).toBe(
        "No change was made: big would be 14 bytes, over the file size limit of 10 bytes. Split it into smaller files.",
      );
      await ok(s, "write_file", { path: "f", content: "0123456789" }, limits);
      expect((await fails(s, "edit_file", { path: "f", old_string: "0", new_string: "00" }, limits)).message).toMatch(
        /over the file size limit/,
      );
    });

    it("refuses a write over the workspace's file or byte quota, and always lets a file shrink", async () => {
      const s = store();
      await ok(s, "write_file", { path: "a", content: "0123456789" }, limits);
      expect((await fails(s, "write_file", { path: "b", content: "012345" }, limits)).message).toBe(
        "No change was made: after this write to b the workspace would hold 16 bytes, over its quota of 15 bytes. Shorten files you no longer need in full.",
      );
      await ok(s, "write_file", { path: "b", content: "01234" }, limits);
      expect((await fails(s, "write_file", { path: "c", content: "" }, limits)).message).toBe(
        "No change was made: creating c would make the workspace hold 3 files, over its quota of 2 files. Write into existing files instead.",
      );
      // Rewriting an existing file counts its new size only.
      await ok(s, "write_file", { path: "a", content: "x" }, limits);
      await ok(s, "edit_file", { path: "b", old_string: "01234", new_string: "" }, limits);
      expect(await ok(s, "glob", { pattern: "*" }, limits)).toHaveLength(2);
    });

    it("reads the settings, keeping a default for a value that is not a positive integer", () => {
      expect(
        workspaceLimitsFromEnv({
          ATELIER_WORKSPACE_FILE_MAX_BYTES: "100",
          ATELIER_WORKSPACE_MAX_FILES: "5",
          ATELIER_WORKSPACE_MAX_BYTES: "-1",
        }),
      ).toEqual({ maxFileBytes: 100, quota: { maxFiles: 5, maxBytes: DEFAULT_WORKSPACE_LIMITS.quota.maxBytes } });
      expect(workspaceLimitsFromEnv({})).toEqual(DEFAULT_WORKSPACE_LIMITS);
    });
  });

  it("glob answers files and directories in path order", async () => {
    const s = store();
    for (const path of ["b.md", "docs/a.md", "docs/x/y.md", "docs/z.txt"])
      await ok(s, "write_file", { path, content: "." });
    const paths = (r: unknown) => (r as Array<{ path: string }>).map((e) => e.path);
    expect(paths(await ok(s, "glob", { pattern: "**/*.md" }))).toEqual(["b.md", "docs/a.md", "docs/x/y.md"]);
    expect(paths(await ok(s, "glob", { pattern: "docs/*" }))).toEqual(["docs/a.md", "docs/x", "docs/z.txt"]);
    expect(paths(await ok(s, "list_dir", { path: "docs" }))).toEqual(["docs/a.md", "docs/x", "docs/z.txt"]);
  });
});
