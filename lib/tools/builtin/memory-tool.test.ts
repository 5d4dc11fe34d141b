import { beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_MEMORY_LIMITS,
  MAX_MEMORY_FILE_CHARS,
  MEMORY_COMMANDS,
  MEMORY_TOOL,
  memoryLimitsFromEnv,
  runMemoryCommand,
  type MemoryCommandResult,
  type MemoryFileStore,
  type MemoryLimits,
} from "./memory-tool";

const utf8Bytes = (s: string) => Buffer.byteLength(s, "utf8");

/** The port over a Map, as the database store behaves (rename refuses an occupied destination). */
class MapStore implements MemoryFileStore {
  readonly files = new Map<string, string>();
  /** Paths whose content was read (a directory view must read none). */
  readonly reads: string[] = [];
  async list(prefix: string) {
    return [...this.files]
      .filter(([p]) => p.startsWith(prefix))
      .map(([path, content]) => ({ path, size: utf8Bytes(content) }));
  }
  async usage() {
    return { files: this.files.size, bytes: [...this.files.values()].reduce((n, c) => n + utf8Bytes(c), 0) };
  }
  async read(path: string) {
    const content = this.files.get(path) ?? null;
    if (content !== null) this.reads.push(path);
    return content;
  }
  async write(path: string, content: string) {
    this.files.set(path, content);
  }
  async remove(path: string) {
    return this.files.delete(path);
  }
  async rename(from: string, to: string) {
    const content = this.files.get(from);
    if (content === undefined || this.files.has(to)) throw new Error(`store: cannot rename ${from} to ${to}`);
    this.files.delete(from);
    this.files.set(to, content);
  }
}

let store: MapStore;
beforeEach(() => {
  store = new MapStore();
});

const run = (args: unknown) => runMemoryCommand(store, args);

function ok(r: MemoryCommandResult): string {
  if (!r.ok) throw new Error(`expected success, got ${r.error.type}: ${r.error.message}`);
  return r.result;
}

function failure(r: MemoryCommandResult, type: "ToolArgumentError" | "ToolExecutionError"): string {
  if (r.ok) throw new Error(`expected ${type}, got success: ${r.result}`);
  expect(r.error.type).toBe(type);
  return r.error.message;
}

describe("MEMORY_TOOL definition", () => {
  it("is the memory tool with its call policy", () => {
    expect(MEMORY_TOOL.name).toBe("memory");
    expect(MEMORY_TOOL.sideEffecting).toBe(true);
    expect(MEMORY_TOOL.idempotent).toBe(false);
    expect(MEMORY_TOOL.requiresApproval).toBe(false);
    expect(MEMORY_TOOL.description.length).toBeGreaterThanOrEqual(30);
    expect(MEMORY_TOOL.description).toContain("/memories");
    for (const c of MEMORY_COMMANDS) expect(MEMORY_TOOL.description).toContain(c);
  });

  it("advertises every command and argument, requiring only command", () => {
    const p = MEMORY_TOOL.parameters as {
      type: string;
      properties: Record<string, { type: string; enum?: string[] }>;
      required: string[];
    };
    expect(p.type).toBe("object");
    expect(p.required).toEqual(["command"]);
    expect(p.properties.command.enum).toEqual(["view", "create", "str_replace", "insert", "delete", "rename"]);
    expect(Object.keys(p.properties).sort()).toEqual(
      [
        "command",
        "file_text",
        "insert_line",
        "insert_text",
        "new_path",
        "new_str",
        "old_path",
        "old_str",
        "path",
        "view_range",
      ].sort(),
    );
    expect(p.properties.insert_line.type).toBe("integer");
    expect(p.properties.view_range.type).toBe("array");
  });
});

describe("argument errors", () => {
  it("refuses a non-object, a missing command and an unknown command, naming the commands", async () => {
    for (const bad of [null, "view", [1], 3]) {
      expect(failure(await run(bad), "ToolArgumentError")).toContain(
        "view, create, str_replace, insert, delete, rename",
      );
    }
    expect(failure(await run({ path: "/memories" }), "ToolArgumentError")).toMatch(
      /missing required argument 'command'.*view, create/,
    );
    const unknown = failure(await run({ command: "list", path: "/memories" }), "ToolArgumentError");
    expect(unknown).toContain("unknown command 'list'");
    expect(unknown).toContain("Accepted commands: view, create, str_replace, insert, delete, rename");
    expect(failure(await run({ command: 7 }), "ToolArgumentError")).toContain("unknown command number");
  });

  it("names missing and unexpected fields and the command's accepted fields", async () => {
    const missing = failure(await run({ command: "create", path: "/memories/a.md" }), "ToolArgumentError");
    expect(missing).toContain("missing required argument(s) 'file_text'");
    expect(missing).toContain("Accepted arguments for create: 'command', 'path', 'file_text'");
    const several = failure(await run({ command: "str_replace" }), "ToolArgumentError");
    expect(several).toContain("'path', 'old_str', 'new_str'");
    const extra = failure(await run({ command: "view", path: "/memories", file_text: "x" }), "ToolArgumentError");
    expect(extra).toContain("unexpected argument(s) 'file_text'");
    expect(extra).toContain("Accepted arguments for view: 'command', 'path', 'view_range'");
    expect(failure(await run({ command: "rename", path: "/memories/a" }), "ToolArgumentError")).toMatch(
      /missing required argument\(s\) 'old_path', 'new_path'; unexpected argument\(s\) 'path'/,
    );
  });

  it("refuses wrong types", async () => {
    expect(failure(await run({ command: "view", path: 5 }), "ToolArgumentError")).toContain(
      "argument 'path' must be a string, got number",
    );
    expect(
      failure(await run({ command: "create", path: "/memories/a", file_text: null }), "ToolArgumentError"),
    ).toContain("argument 'file_text' must be a string, got null");
    expect(
      failure(
        await run({ command: "insert", path: "/memories/a", insert_line: "2", insert_text: "x" }),
        "ToolArgumentError",
      ),
    ).toContain("argument 'insert_line' must be an integer, got string");
    expect(
      failure(
        await run({ command: "insert", path: "/memories/a", insert_line: 1.5, insert_text: "x" }),
        "ToolArgumentError",
      ),
    ).toContain("must be an integer, got non-integer number");
    for (const range of [[1], [1, 2, 3], ["1", "2"], [1.5, 2], "1-2"]) {
      expect(
        failure(await run({ command: "view", path: "/memories/a", view_range: range }), "ToolArgumentError"),
      ).toContain("argument 'view_range' must be an array of two integers [start, end]");
    }
  });

  it("reads a null optional view_range as absent", async () => {
    await store.write("/memories/a.md", "one");
    expect(ok(await run({ command: "view", path: "/memories/a.md", view_range: null }))).toContain("     1\tone");
  });

  it("refuses paths outside /memories, traversal, empty segments and empty paths", async () => {
    const cases: Array<[string, RegExp]> = [
      ["", /'path' is empty/],
      ["/etc/passwd", /outside \/memories/],
      ["memories/a.md", /outside \/memories/],
      ["/memoriesX/a.md", /outside \/memories/],
      ["/memories/../etc/passwd", /contains '\.\.'/],
      ["/memories/a/../../b", /contains '\.\.'/],
      ["/memories/./a", /'\.' segment/],
      ["/memories//a", /empty segment/],
      ["/memories/a\u0000b", /control character/],
      [`/memories/${"x".repeat(600)}`, /longer than 512/],
    ];
    for (const [path, why] of cases) {
      const message = failure(await run({ command: "view", path }), "ToolArgumentError");
      expect(message).toMatch(why);
      expect(message).toContain("every path must be /memories or start with /memories/");
    }
    expect(
      failure(await run({ command: "rename", old_path: "/memories/a", new_path: "/tmp/a" }), "ToolArgumentError"),
    ).toContain("'new_path' '/tmp/a' is outside /memories");
    expect(
      failure(
        await run({ command: "str_replace", path: "/memories/a", old_str: "", new_str: "x" }),
        "ToolArgumentError",
      ),
    ).toContain("'old_str' must not be empty");
    expect(store.files.size).toBe(0);
  });
});

describe("view", () => {
  it("lists an empty memory directory", async () => {
    expect(ok(await run({ command: "view", path: "/memories" }))).toBe(
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n0B\t/memories",
    );
  });

  it("lists files and directories two levels deep with sizes, sorted, hidden items left out", async () => {
    await store.write("/memories/notes.md", "hello"); // 5 B
    await store.write("/memories/projects/atelier.md", "x".repeat(2048)); // 2 K
    await store.write("/memories/projects/deep/er/file.md", "é"); // 2 B in UTF-8
    await store.write("/memories/.secret", "hidden");
    await store.write("/memories/node_modules/x.js", "ignored");
    await store.write("/memories/a.txt", "");
    const out = ok(await run({ command: "view", path: "/memories/" }));
    expect(out.split("\n")).toEqual([
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:",
      "2.0K\t/memories",
      "0B\t/memories/a.txt",
      "5B\t/memories/notes.md",
      "2.0K\t/memories/projects/",
      "2K\t/memories/projects/atelier.md",
      "2B\t/memories/projects/deep/",
    ]);
    expect(
      ok(await run({ command: "view", path: "/memories/projects" }))
        .split("\n")
        .slice(1),
    ).toEqual([
      "2.0K\t/memories/projects",
      "2K\t/memories/projects/atelier.md",
      "2B\t/memories/projects/deep/",
      "2B\t/memories/projects/deep/er/",
    ]);
  });

  it("shows a file with numbered lines, honouring view_range", async () => {
    await store.write("/memories/todo.md", "one\ntwo\nthree\nfour\n");
    expect(ok(await run({ command: "view", path: "/memories/todo.md" }))).toBe(
      "Here's the content of /memories/todo.md with line numbers:\n     1\tone\n     2\ttwo\n     3\tthree\n     4\tfour",
    );
    expect(ok(await run({ command: "view", path: "/memories/todo.md", view_range: [2, 3] }))).toBe(
      "Here's the content of /memories/todo.md with line numbers:\n     2\ttwo\n     3\tthree",
    );
    expect(
      ok(await run({ command: "view", path: "/memories/todo.md", view_range: [3, -1] }))
        .split("\n")
        .slice(1),
    ).toEqual(["     3\tthree", "     4\tfour"]);
    expect(
      ok(await run({ command: "view", path: "/memories/todo.md", view_range: [4, 4] }))
        .split("\n")
        .slice(1),
    ).toEqual(["     4\tfour"]);
  });

  it("refuses a view_range outside the file or on a directory", async () => {
    await store.write("/memories/todo.md", "one\ntwo");
    expect(
      failure(await run({ command: "view", path: "/memories/todo.md", view_range: [0, 1] }), "ToolExecutionError"),
    ).toContain("first element 0 should be a line of the file: [1, 2]");
    expect(
      failure(await run({ command: "view", path: "/memories/todo.md", view_range: [3, -1] }), "ToolExecutionError"),
    ).toContain("first element 3");
    expect(
      failure(await run({ command: "view", path: "/memories/todo.md", view_range: [2, 5] }), "ToolExecutionError"),
    ).toContain("second element 5 should be -1 or a line number from 2 to 2");
    expect(
      failure(await run({ command: "view", path: "/memories/todo.md", view_range: [2, 1] }), "ToolExecutionError"),
    ).toContain("second element 1");
    expect(
      failure(await run({ command: "view", path: "/memories", view_range: [1, 2] }), "ToolExecutionError"),
    ).toContain("only for files; /memories is a directory");
  });

  it("reports a missing path", async () => {
    expect(failure(await run({ command: "view", path: "/memories/nope.md" }), "ToolExecutionError")).toBe(
      "The path /memories/nope.md does not exist. Please provide a valid path.",
    );
  });
});

describe("create", () => {
  it("creates a file, then overwrites it", async () => {
    expect(ok(await run({ command: "create", path: "/memories/notes/a.md", file_text: "first" }))).toBe(
      "File created successfully at: /memories/notes/a.md",
    );
    expect(ok(await run({ command: "create", path: "/memories/notes/a.md", file_text: "second" }))).toBe(
      "File overwritten successfully at: /memories/notes/a.md",
    );
    expect(store.files.get("/memories/notes/a.md")).toBe("second");
  });

  it("refuses the root, a directory, a path below a file, and an oversized file", async () => {
    await store.write("/memories/dir/a.md", "a");
    expect(
      failure(await run({ command: "create", path: "/memories", file_text: "x" }), "ToolExecutionError"),
    ).toContain("memory directory itself");
    expect(
      failure(await run({ command: "create", path: "/memories/dir", file_text: "x" }), "ToolExecutionError"),
    ).toContain("/memories/dir: it is a directory");
    expect(
      failure(await run({ command: "create", path: "/memories/dir/a.md/b.md", file_text: "x" }), "ToolExecutionError"),
    ).toContain("/memories/dir/a.md is a file, not a directory");
    expect(
      failure(
        await run({ command: "create", path: "/memories/big.md", file_text: "x".repeat(MAX_MEMORY_FILE_CHARS + 1) }),
        "ToolExecutionError",
      ),
    ).toContain("over the limit");
    expect([...store.files.keys()]).toEqual(["/memories/dir/a.md"]);
  });
});

describe("str_replace", () => {
  beforeEach(async () => {
    await store.write(
      "/memories/prefs.md",
      "# Prefs\ncolour: blue\nfood: pizza\nsport: tennis\nmusic: jazz\nbook: dune\n",
    );
  });

  it("replaces the one occurrence and shows the edited lines", async () => {
    const out = ok(
      await run({ command: "str_replace", path: "/memories/prefs.md", old_str: "pizza", new_str: "$& sushi" }),
    );
    expect(store.files.get("/memories/prefs.md")).toBe(
      "# Prefs\ncolour: blue\nfood: $& sushi\nsport: tennis\nmusic: jazz\nbook: dune\n",
    );
    expect(out).toBe(
      "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n" +
        "     1\t# Prefs\n     2\tcolour: blue\n     3\tfood: $& sushi\n     4\tsport: tennis\n     5\tmusic: jazz",
    );
  });

  it("replaces text spanning lines, and with an empty new_str", async () => {
    ok(await run({ command: "str_replace", path: "/memories/prefs.md", old_str: "blue\nfood", new_str: "red\nfood" }));
    ok(await run({ command: "str_replace", path: "/memories/prefs.md", old_str: "book: dune\n", new_str: "" }));
    expect(store.files.get("/memories/prefs.md")).toBe(
      "# Prefs\ncolour: red\nfood: pizza\nsport: tennis\nmusic: jazz\n",
    );
  });

  it("refuses text that is not there, naming it", async () => {
    expect(
      failure(
        await run({ command: "str_replace", path: "/memories/prefs.md", old_str: "golf", new_str: "x" }),
        "ToolExecutionError",
      ),
    ).toBe("No replacement was performed, old_str `golf` did not appear verbatim in /memories/prefs.md.");
  });

  it("refuses text that occurs more than once, saying it must be unique", async () => {
    const message = failure(
      await run({ command: "str_replace", path: "/memories/prefs.md", old_str: ": ", new_str: "=" }),
      "ToolExecutionError",
    );
    expect(message).toBe(
      "No replacement was performed. Multiple occurrences of old_str `: ` in lines: 2, 3, 4, 5, 6. Please ensure it is unique",
    );
    await store.write("/memories/aaa.md", "aaa");
    expect(
      failure(
        await run({ command: "str_replace", path: "/memories/aaa.md", old_str: "aa", new_str: "b" }),
        "ToolExecutionError",
      ),
    ).toContain("Multiple occurrences");
    expect(store.files.get("/memories/aaa.md")).toBe("aaa");
  });

  it("refuses a missing file, a directory and a result over the size limit", async () => {
    expect(
      failure(
        await run({ command: "str_replace", path: "/memories/none.md", old_str: "a", new_str: "b" }),
        "ToolExecutionError",
      ),
    ).toBe("The path /memories/none.md does not exist. Please provide a valid path.");
    await store.write("/memories/dir/x.md", "x");
    expect(
      failure(
        await run({ command: "str_replace", path: "/memories/dir", old_str: "a", new_str: "b" }),
        "ToolExecutionError",
      ),
    ).toBe("The path /memories/dir is not a file.");
    expect(
      failure(
        await run({
          command: "str_replace",
          path: "/memories/prefs.md",
          old_str: "dune",
          new_str: "x".repeat(MAX_MEMORY_FILE_CHARS),
        }),
        "ToolExecutionError",
      ),
    ).toContain("over the limit");
  });
});

describe("insert", () => {
  beforeEach(async () => {
    await store.write("/memories/list.md", "a\nb\nc\n");
  });

  it("inserts at the top, in the middle and at the end", async () => {
    expect(ok(await run({ command: "insert", path: "/memories/list.md", insert_line: 0, insert_text: "top" }))).toBe(
      "The file /memories/list.md has been edited.",
    );
    ok(await run({ command: "insert", path: "/memories/list.md", insert_line: 2, insert_text: "after a\n" }));
    ok(await run({ command: "insert", path: "/memories/list.md", insert_line: 5, insert_text: "end1\nend2" }));
    expect(store.files.get("/memories/list.md")).toBe("top\na\nafter a\nb\nc\nend1\nend2\n");
  });

  it("inserts into an empty file and keeps a file without a final newline that way", async () => {
    await store.write("/memories/empty.md", "");
    ok(await run({ command: "insert", path: "/memories/empty.md", insert_line: 0, insert_text: "first" }));
    expect(store.files.get("/memories/empty.md")).toBe("first\n");
    await store.write("/memories/bare.md", "x\ny");
    ok(await run({ command: "insert", path: "/memories/bare.md", insert_line: 1, insert_text: "mid" }));
    expect(store.files.get("/memories/bare.md")).toBe("x\nmid\ny");
  });

  it("refuses a line out of range, a missing file and a directory", async () => {
    expect(
      failure(
        await run({ command: "insert", path: "/memories/list.md", insert_line: 4, insert_text: "x" }),
        "ToolExecutionError",
      ),
    ).toBe("Invalid `insert_line` parameter: 4. It should be within the range of lines of the file: [0, 3]");
    expect(
      failure(
        await run({ command: "insert", path: "/memories/list.md", insert_line: -1, insert_text: "x" }),
        "ToolExecutionError",
      ),
    ).toContain("Invalid `insert_line` parameter: -1");
    expect(
      failure(
        await run({ command: "insert", path: "/memories/none.md", insert_line: 0, insert_text: "x" }),
        "ToolExecutionError",
      ),
    ).toContain("does not exist");
    expect(
      failure(
        await run({ command: "insert", path: "/memories", insert_line: 0, insert_text: "x" }),
        "ToolExecutionError",
      ),
    ).toBe("The path /memories is not a file.");
    expect(store.files.get("/memories/list.md")).toBe("a\nb\nc\n");
  });
});

describe("delete", () => {
  it("deletes a file, then says it is gone", async () => {
    await store.write("/memories/a.md", "a");
    expect(ok(await run({ command: "delete", path: "/memories/a.md" }))).toBe("Successfully deleted /memories/a.md");
    expect(store.files.size).toBe(0);
    expect(failure(await run({ command: "delete", path: "/memories/a.md" }), "ToolExecutionError")).toBe(
      "The path /memories/a.md does not exist",
    );
  });

  it("deletes a directory with everything in it, and nothing that only shares its prefix", async () => {
    await store.write("/memories/dir/a.md", "a");
    await store.write("/memories/dir/sub/b.md", "b");
    await store.write("/memories/dir2.md", "keep");
    expect(ok(await run({ command: "delete", path: "/memories/dir/" }))).toBe("Successfully deleted /memories/dir");
    expect([...store.files.keys()]).toEqual(["/memories/dir2.md"]);
  });

  it("refuses to delete /memories itself", async () => {
    await store.write("/memories/a.md", "a");
    expect(failure(await run({ command: "delete", path: "/memories" }), "ToolExecutionError")).toBe(
      "Cannot delete the /memories directory itself",
    );
    expect(store.files.size).toBe(1);
  });
});

describe("rename", () => {
  it("renames a file, also into a new directory", async () => {
    await store.write("/memories/a.md", "a");
    expect(ok(await run({ command: "rename", old_path: "/memories/a.md", new_path: "/memories/archive/a.md" }))).toBe(
      "Successfully renamed /memories/a.md to /memories/archive/a.md",
    );
    expect([...store.files]).toEqual([["/memories/archive/a.md", "a"]]);
  });

  it("renames a directory with everything in it", async () => {
    await store.write("/memories/old/a.md", "a");
    await store.write("/memories/old/sub/b.md", "b");
    await store.write("/memories/older.md", "keep");
    ok(await run({ command: "rename", old_path: "/memories/old", new_path: "/memories/new" }));
    expect([...store.files.keys()].sort()).toEqual([
      "/memories/new/a.md",
      "/memories/new/sub/b.md",
      "/memories/older.md",
    ]);
  });

  it("refuses an existing destination, a missing source, the root and moves into itself", async () => {
    await store.write("/memories/a.md", "a");
    await store.write("/memories/b.md", "b");
    await store.write("/memories/dir/c.md", "c");
    expect(
      failure(
        await run({ command: "rename", old_path: "/memories/a.md", new_path: "/memories/b.md" }),
        "ToolExecutionError",
      ),
    ).toBe("The destination /memories/b.md already exists");
    expect(
      failure(
        await run({ command: "rename", old_path: "/memories/a.md", new_path: "/memories/dir" }),
        "ToolExecutionError",
      ),
    ).toBe("The destination /memories/dir already exists");
    expect(
      failure(
        await run({ command: "rename", old_path: "/memories/a.md", new_path: "/memories/a.md" }),
        "ToolExecutionError",
      ),
    ).toContain("already exists");
    expect(
      failure(
        await run({ command: "rename", old_path: "/memories/x.md", new_path: "/memories/y.md" }),
        "ToolExecutionError",
      ),
    ).toBe("The path /memories/x.md does not exist");
    expect(
      failure(await run({ command: "rename", old_path: "/memories", new_path: "/memories/m" }), "ToolExecutionError"),
    ).toContain("Cannot rename the /memories directory itself");
    expect(
      failure(
        await run({ command: "rename", old_path: "/memories/dir", new_path: "/memories/dir/inner" }),
        "ToolExecutionError",
      ),
    ).toContain("into itself");
    expect(
      failure(
        await run({ command: "rename", old_path: "/memories/dir", new_path: "/memories/a.md/x" }),
        "ToolExecutionError",
      ),
    ).toContain("/memories/a.md is a file, not a directory");
    expect([...store.files.keys()].sort()).toEqual(["/memories/a.md", "/memories/b.md", "/memories/dir/c.md"]);
  });
});

describe("store failures", () => {
  it("are thrown, not reported as the model's mistake", async () => {
    const broken: MemoryFileStore = {
      list: (prefix) => store.list(prefix),
      usage: () => store.usage(),
      read: async () => Promise.reject(new Error("database is down")),
      write: (path, content) => store.write(path, content),
      remove: (path) => store.remove(path),
      rename: (from, to) => store.rename(from, to),
    };
    await expect(runMemoryCommand(broken, { command: "view", path: "/memories/a.md" })).rejects.toThrow(
      "database is down",
    );
  });
});

describe("quota per agent (files and bytes)", () => {
  const limits = (maxFiles: number, maxBytes: number): MemoryLimits => ({
    ...DEFAULT_MEMORY_LIMITS,
    quota: { maxFiles, maxBytes },
  });
  const runWith = (l: MemoryLimits, args: unknown) => runMemoryCommand(store, args, l);

  it("refuses a new file beyond the file quota, naming the quota, and changes nothing", async () => {
    const l = limits(2, 1000);
    ok(await runWith(l, { command: "create", path: "/memories/a.md", file_text: "a" }));
    ok(await runWith(l, { command: "create", path: "/memories/b.md", file_text: "b" }));
    const message = failure(
      await runWith(l, { command: "create", path: "/memories/c.md", file_text: "c" }),
      "ToolExecutionError",
    );
    expect(message).toContain("No change was made");
    expect(message).toContain("3 files");
    expect(message).toContain("quota of 2 files");
    expect(message).toMatch(/[Dd]elete or merge/);
    expect([...store.files.keys()].sort()).toEqual(["/memories/a.md", "/memories/b.md"]);
    // Overwriting an existing file adds no file.
    ok(await runWith(l, { command: "create", path: "/memories/a.md", file_text: "again" }));
    // Deleting makes room.
    ok(await runWith(l, { command: "delete", path: "/memories/b.md" }));
    ok(await runWith(l, { command: "create", path: "/memories/c.md", file_text: "c" }));
  });

  it("refuses a create, str_replace or insert that would pass the byte quota (UTF-8 bytes)", async () => {
    const l = limits(10, 20);
    ok(await runWith(l, { command: "create", path: "/memories/a.md", file_text: "0123456789" })); // 10 B
    const tooBig = failure(
      await runWith(l, { command: "create", path: "/memories/b.md", file_text: "éééééé" }), // 12 B
      "ToolExecutionError",
    );
    expect(tooBig).toContain("22 bytes");
    expect(tooBig).toContain("quota of 20 bytes");
    expect(
      failure(
        await runWith(l, { command: "str_replace", path: "/memories/a.md", old_str: "0", new_str: "x".repeat(12) }),
        "ToolExecutionError",
      ),
    ).toContain("quota of 20 bytes");
    expect(
      failure(
        await runWith(l, { command: "insert", path: "/memories/a.md", insert_line: 0, insert_text: "y".repeat(10) }),
        "ToolExecutionError",
      ),
    ).toContain("quota of 20 bytes");
    expect(store.files.get("/memories/a.md")).toBe("0123456789");
    expect(store.files.has("/memories/b.md")).toBe(false);
    // Exactly at the quota is allowed.
    ok(await runWith(l, { command: "create", path: "/memories/b.md", file_text: "x".repeat(10) }));
  });

  it("lets a memory already over its quota (the quota was lowered) shrink, rename and delete", async () => {
    await store.write("/memories/a.md", "x".repeat(50));
    await store.write("/memories/b.md", "y".repeat(50));
    const l = limits(1, 10);
    ok(await runWith(l, { command: "str_replace", path: "/memories/a.md", old_str: "x".repeat(50), new_str: "x" }));
    ok(await runWith(l, { command: "rename", old_path: "/memories/b.md", new_path: "/memories/c.md" }));
    ok(await runWith(l, { command: "view", path: "/memories/c.md" }));
    ok(await runWith(l, { command: "delete", path: "/memories/c.md" }));
    expect(
      failure(await runWith(l, { command: "create", path: "/memories/d.md", file_text: "d" }), "ToolExecutionError"),
    ).toContain("quota of 1 file");
  });

  it("applies the quota by default (runMemoryCommand without limits)", async () => {
    for (let i = 0; i < DEFAULT_MEMORY_LIMITS.quota.maxFiles; i++) store.files.set(`/memories/f${i}.md`, "");
    expect(
      failure(await run({ command: "create", path: "/memories/one-more.md", file_text: "" }), "ToolExecutionError"),
    ).toContain(`quota of ${DEFAULT_MEMORY_LIMITS.quota.maxFiles} files`);
  });
});

describe("directory views read no file content", () => {
  it("lists names and sizes from the store's listing alone", async () => {
    await store.write("/memories/notes.md", "hello");
    await store.write("/memories/projects/atelier.md", "x".repeat(2048));
    const out = ok(await run({ command: "view", path: "/memories" }));
    expect(out).toContain("5B\t/memories/notes.md");
    expect(out).toContain("2K\t/memories/projects/atelier.md");
    expect(store.reads).toEqual([]);
  });
});

describe("view output is capped, with a marker the model can read", () => {
  const capped = (viewMaxBytes: number): MemoryLimits => ({ ...DEFAULT_MEMORY_LIMITS, viewMaxBytes });

  it("cuts a long file at a line, says which lines it showed and how to read on", async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1} ${"x".repeat(40)}`);
    await store.write("/memories/long.md", lines.join("\n") + "\n");
    const out = ok(await runMemoryCommand(store, { command: "view", path: "/memories/long.md" }, capped(2000)));
    expect(utf8Bytes(out)).toBeLessThanOrEqual(2000);
    const shown = out.split("\n").filter((l) => /^\s+\d+\t/.test(l));
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(200);
    expect(shown[0]).toBe(`     1\t${lines[0]}`);
    const last = shown.length;
    expect(shown[last - 1]).toBe(`${String(last).padStart(6, " ")}\t${lines[last - 1]}`);
    const marker = out.split("\n").at(-1)!;
    expect(marker).toMatch(/^\[Output truncated/);
    expect(marker).toContain(`lines 1-${last} of 200`);
    expect(marker).toContain(`view_range [${last + 1}, -1]`);
    // Reading on from there starts where the cut was.
    const next = ok(
      await runMemoryCommand(
        store,
        { command: "view", path: "/memories/long.md", view_range: [last + 1, -1] },
        capped(2000),
      ),
    );
    expect(next.split("\n")[1]).toBe(`${String(last + 1).padStart(6, " ")}\t${lines[last]}`);
  });

  it("cuts a single line longer than the cap and points past it", async () => {
    await store.write("/memories/wide.md", `${"é".repeat(5000)}\nsecond\n`);
    const out = ok(await runMemoryCommand(store, { command: "view", path: "/memories/wide.md" }, capped(1024)));
    expect(utf8Bytes(out)).toBeLessThanOrEqual(1024);
    expect(out).toContain("     1\téé");
    expect(out).not.toContain("\uFFFD");
    expect(out).toContain("line 1 alone is longer than the view limit");
    expect(out).toContain("view_range [2, -1]");
  });

  it("caps a directory listing and says how many entries were left out", async () => {
    for (let i = 0; i < 300; i++) await store.write(`/memories/notes/file-${String(i).padStart(3, "0")}.md`, "x");
    const out = ok(await runMemoryCommand(store, { command: "view", path: "/memories" }, capped(2000)));
    expect(utf8Bytes(out)).toBeLessThanOrEqual(2000);
    expect(out).toContain("/memories/notes/file-000.md");
    expect(out).not.toContain("/memories/notes/file-299.md");
    expect(out.split("\n").at(-1)).toMatch(/^\[Listing truncated: \d+ of 302 entries shown.*view a subdirectory/);
  });

  it("applies the default cap to a file at the size limit", async () => {
    await store.write("/memories/huge.md", "z\n".repeat(400_000));
    const out = ok(await run({ command: "view", path: "/memories/huge.md" }));
    expect(utf8Bytes(out)).toBeLessThanOrEqual(DEFAULT_MEMORY_LIMITS.viewMaxBytes);
    expect(out).toContain("[Output truncated");
  });

  it("leaves output under the cap whole", async () => {
    await store.write("/memories/a.md", "one\ntwo\n");
    expect(ok(await runMemoryCommand(store, { command: "view", path: "/memories/a.md" }, capped(1024)))).toBe(
      "Here's the content of /memories/a.md with line numbers:\n     1\tone\n     2\ttwo",
    );
  });
});

describe("memoryLimitsFromEnv", () => {
  it("reads ATELIER_MEMORY_MAX_FILES, ATELIER_MEMORY_MAX_BYTES and ATELIER_MEMORY_VIEW_MAX_BYTES", () => {
    expect(memoryLimitsFromEnv({})).toEqual(DEFAULT_MEMORY_LIMITS);
    expect(DEFAULT_MEMORY_LIMITS).toEqual({
      quota: { maxFiles: 1000, maxBytes: 10 * 1024 * 1024 },
      viewMaxBytes: 65536,
    });
    expect(
      memoryLimitsFromEnv({
        ATELIER_MEMORY_MAX_FILES: "50",
        ATELIER_MEMORY_MAX_BYTES: "200000",
        ATELIER_MEMORY_VIEW_MAX_BYTES: "4096",
      }),
    ).toEqual({ quota: { maxFiles: 50, maxBytes: 200000 }, viewMaxBytes: 4096 });
  });

  it("ignores values that are not positive integers, and keeps the view cap at 4 KiB or more", () => {
    expect(
      memoryLimitsFromEnv({
        ATELIER_MEMORY_MAX_FILES: "0",
        ATELIER_MEMORY_MAX_BYTES: "lots",
        ATELIER_MEMORY_VIEW_MAX_BYTES: "-5",
      }),
    ).toEqual(DEFAULT_MEMORY_LIMITS);
    expect(memoryLimitsFromEnv({ ATELIER_MEMORY_VIEW_MAX_BYTES: "10" }).viewMaxBytes).toBe(4096);
  });
});
