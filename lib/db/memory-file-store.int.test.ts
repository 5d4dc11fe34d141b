import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMemoryCommand } from "../tools/builtin/memory-tool";
import { prismaMemoryFileStore } from "./memory-file-store";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

let t: TestDatabase;
let agentA: string;
let agentB: string;
beforeAll(async () => {
  t = await createTestDatabase();
  const ws = await t.db.workspace.create({ data: { slug: "mem", name: "Memory" } });
  agentA = (await t.db.agent.create({ data: { workspaceId: ws.id, name: "a", config: {} } })).id;
  agentB = (await t.db.agent.create({ data: { workspaceId: ws.id, name: "b", config: {} } })).id;
});
afterAll(async () => t?.cleanup());

describe("prismaMemoryFileStore", () => {
  it("reads, writes, lists by exact prefix, removes and renames one agent's files", async () => {
    const store = prismaMemoryFileStore(t.db, agentA);
    expect(await store.read("/memories/a.md")).toBeNull();
    await store.write("/memories/a.md", "one");
    await store.write("/memories/a.md", "two");
    await store.write("/memories/A_b/x.md", "upper");
    await store.write("/memories/a_b/y.md", "lower");
    await store.write("/memories/axb/z.md", "wildcard");
    expect(await store.read("/memories/a.md")).toBe("two");
    expect(await t.db.memoryFile.count({ where: { agentId: agentA } })).toBe(4);
    // Neither case folding nor `_` as a wildcard leak into prefix matches.
    expect(await store.list("/memories/a_b/")).toEqual([{ path: "/memories/a_b/y.md", size: 5 }]);
    expect((await store.list("/memories/")).map((f) => f.path).sort()).toEqual([
      "/memories/A_b/x.md",
      "/memories/a.md",
      "/memories/a_b/y.md",
      "/memories/axb/z.md",
    ]);

    await store.rename("/memories/a.md", "/memories/b.md");
    expect(await store.read("/memories/a.md")).toBeNull();
    expect(await store.read("/memories/b.md")).toBe("two");
    await expect(store.rename("/memories/b.md", "/memories/axb/z.md")).rejects.toThrow();

    expect(await store.remove("/memories/b.md")).toBe(true);
    expect(await store.remove("/memories/b.md")).toBe(false);
  });

  it("lists paths and UTF-8 sizes only, never the contents, and sums an agent's usage", async () => {
    const store = prismaMemoryFileStore(t.db, agentB);
    expect(await store.usage()).toEqual({ files: 0, bytes: 0 });
    await store.write("/memories/sizes/ascii.md", "hello");
    await store.write("/memories/sizes/accents.md", "héllo wörld"); // 13 bytes in UTF-8
    await store.write("/memories/sizes/emoji.md", "🙂"); // 4 bytes
    await store.write("/memories/sizes/empty.md", "");
    await store.write("/memories/sizes%/100%.md", "%");
    const listed = await store.list("/memories/sizes/");
    expect(listed).toEqual([
      { path: "/memories/sizes/accents.md", size: 13 },
      { path: "/memories/sizes/ascii.md", size: 5 },
      { path: "/memories/sizes/emoji.md", size: 4 },
      { path: "/memories/sizes/empty.md", size: 0 },
    ]);
    for (const entry of listed) expect(Object.keys(entry).sort()).toEqual(["path", "size"]);
    expect(await store.list("/memories/sizes%/")).toEqual([{ path: "/memories/sizes%/100%.md", size: 1 }]);
    expect(await store.usage()).toEqual({ files: 5, bytes: 23 });
    // Another agent's files count for it, not for this one.
    expect((await prismaMemoryFileStore(t.db, agentA).usage()).files).toBe(3);
    for (const f of await store.list("/memories/")) await store.remove(f.path);
    expect(await store.usage()).toEqual({ files: 0, bytes: 0 });
  });

  it("enforces the memory quota through the tool on the database", async () => {
    const store = prismaMemoryFileStore(t.db, agentB);
    const limits = { quota: { maxFiles: 2, maxBytes: 12 }, viewMaxBytes: 65536 };
    const run = (args: unknown) => runMemoryCommand(store, args, limits);
    expect((await run({ command: "create", path: "/memories/q/a.md", file_text: "ééé" })).ok).toBe(true); // 6 B
    const overBytes = await run({ command: "create", path: "/memories/q/b.md", file_text: "1234567" });
    expect(overBytes).toMatchObject({ ok: false, error: { type: "ToolExecutionError" } });
    expect(!overBytes.ok && overBytes.error.message).toContain("13 bytes");
    expect((await run({ command: "create", path: "/memories/q/b.md", file_text: "123456" })).ok).toBe(true);
    const overFiles = await run({ command: "create", path: "/memories/q/c.md", file_text: "" });
    expect(!overFiles.ok && overFiles.error.message).toContain("quota of 2 files");
    expect((await store.list("/memories/q/")).map((f) => f.path)).toEqual(["/memories/q/a.md", "/memories/q/b.md"]);
    await run({ command: "delete", path: "/memories/q" });
    expect(await store.usage()).toEqual({ files: 0, bytes: 0 });
  });

  it("keeps each agent's memory apart", async () => {
    const a = prismaMemoryFileStore(t.db, agentA);
    const b = prismaMemoryFileStore(t.db, agentB);
    await a.write("/memories/shared-name.md", "from a");
    await b.write("/memories/shared-name.md", "from b");
    expect(await a.read("/memories/shared-name.md")).toBe("from a");
    expect(await b.read("/memories/shared-name.md")).toBe("from b");
    expect((await b.list("/memories/")).map((f) => f.path)).toEqual(["/memories/shared-name.md"]);
    expect(await b.remove("/memories/axb/z.md")).toBe(false);
    expect(await a.read("/memories/axb/z.md")).toBe("wildcard");
  });

  it("carries the memory tool's commands end to end", async () => {
    const store = prismaMemoryFileStore(t.db, agentB);
    const run = async (args: unknown) => {
      const r = await runMemoryCommand(store, args);
      if (!r.ok) throw new Error(r.error.message);
      return r.result;
    };
    await run({ command: "create", path: "/memories/projects/atelier.md", file_text: "# Atelier\nstatus: draft\n" });
    await run({ command: "str_replace", path: "/memories/projects/atelier.md", old_str: "draft", new_str: "shipped" });
    await run({ command: "insert", path: "/memories/projects/atelier.md", insert_line: 1, insert_text: "owner: lead" });
    await run({ command: "rename", old_path: "/memories/projects", new_path: "/memories/done" });
    expect(await run({ command: "view", path: "/memories/done/atelier.md" })).toBe(
      "Here's the content of /memories/done/atelier.md with line numbers:\n     1\t# Atelier\n     2\towner: lead\n     3\tstatus: shipped",
    );
    expect(await run({ command: "view", path: "/memories" })).toContain("/memories/done/atelier.md");
    await run({ command: "delete", path: "/memories/done" });
    const rows = await t.db.memoryFile.findMany({ where: { agentId: agentB }, select: { path: true } });
    expect(rows.map((r) => r.path)).toEqual(["/memories/shared-name.md"]);
  });

  it("goes when its agent is deleted", async () => {
    await t.db.agent.delete({ where: { id: agentA } });
    expect(await t.db.memoryFile.count({ where: { agentId: agentA } })).toBe(0);
  });
});
