import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SkillDirectoryRegistry, skillDirectoriesFromEnv } from "./skill-directory-registry";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

function dir() {
  const r = mkdtempSync(path.join(tmpdir(), "skills-reg-"));
  roots.push(r);
  return r;
}
function skill(root: string, folder: string, description: string, name = folder) {
  mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(
    path.join(root, folder, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${folder}.\n`,
  );
}

describe("SkillDirectoryRegistry", () => {
  it("lets a later directory override an earlier one, with a warning", async () => {
    const a = dir();
    const b = dir();
    skill(a, "shared", "from a");
    skill(b, "shared", "from b");
    skill(a, "only-a", "only in a");
    const reg = await new SkillDirectoryRegistry([a, b]).ready();
    expect(reg.list().map((s) => [s.name, s.description])).toEqual([
      ["only-a", "only in a"],
      ["shared", "from b"],
    ]);
    expect(reg.warnings().join(" ")).toMatch(/'shared' from '.*' overrides the one from/);
  });

  it("skips a folder whose name does not match and reports it", async () => {
    const a = dir();
    skill(a, "folder", "d", "other");
    const reg = await new SkillDirectoryRegistry([a]).ready();
    expect(reg.list()).toEqual([]);
    expect(reg.warnings().join(" ")).toMatch(/'folder' is not loaded/);
  });

  it("refreshes: added, updated, removed; a bad edit keeps the previous entry", async () => {
    const a = dir();
    skill(a, "one", "first");
    skill(a, "two", "second");
    const reg = new SkillDirectoryRegistry([a]);
    expect(await reg.refresh()).toMatchObject({ revision: 1, added: ["one", "two"] });
    writeFileSync(path.join(a, "one", "SKILL.md"), "---\nname: one\n---\n");
    rmSync(path.join(a, "two"), { recursive: true });
    skill(a, "three", "third");
    const changes = await reg.refresh();
    expect(changes).toEqual({ revision: 2, added: ["three"], updated: [], removed: ["two"] });
    expect(reg.get("one")?.description).toBe("first");
    expect(reg.warnings().join(" ")).toMatch(/'one' keeps its previous version/);
    skill(a, "one", "fixed");
    expect((await reg.refresh()).updated).toEqual(["one"]);
  });

  it("keeps a directory's skills when it cannot be read", async () => {
    const a = dir();
    skill(a, "kept", "here");
    const reg = await new SkillDirectoryRegistry([a]).ready();
    rmSync(a, { recursive: true });
    await reg.refresh();
    expect(reg.get("kept")?.description).toBe("here");
    expect(reg.warnings().join(" ")).toMatch(/could not be read/);
  });

  it("reads resources confined to the skill and skips symbolic links", async () => {
    const a = dir();
    skill(a, "res", "with files");
    mkdirSync(path.join(a, "res", "references"));
    writeFileSync(path.join(a, "res", "references", "g.md"), "guide");
    writeFileSync(path.join(a, "secret.txt"), "secret");
    symlinkSync(path.join(a, "secret.txt"), path.join(a, "res", "link.txt"));
    const reg = await new SkillDirectoryRegistry([a]).ready();
    expect(reg.get("res")!.files.map((f) => f.path)).toEqual(["references/g.md"]);
    expect(reg.get("res")!.warnings.join(" ")).toMatch(/link.txt: a symbolic link/);
    expect(await reg.readResource("res", "references/g.md")).toBe("guide");
    expect(await reg.readResource("res", "../secret.txt")).toBeNull();
    expect(await reg.readResource("res", "link.txt")).toBeNull();
  });

  it("reads ATELIER_SKILLS_DIRS", () => {
    expect(skillDirectoriesFromEnv({ ATELIER_SKILLS_DIRS: "/a:/b, /c" })).toEqual(["/a", "/b", "/c"]);
    expect(skillDirectoriesFromEnv({})).toEqual([]);
  });
});
