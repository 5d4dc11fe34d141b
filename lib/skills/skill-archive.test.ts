import { strToU8, zipSync, gzipSync } from "fflate";
import { pack } from "tar-stream";
import { describe, expect, it } from "vitest";
import { skillsInArchive } from "./skill-archive";
import { MAX_ARCHIVE_UNPACKED_BYTES, MAX_SKILL_FILE_BYTES } from "./skill-limits.shared";

const md = (name: string) => strToU8(`---\nname: ${name}\ndescription: The ${name} skill for tests.\n---\n\nSteps.\n`);

async function tarGz(
  entries: Array<{ name: string; type?: "file" | "symlink" | "directory"; content?: string; linkname?: string }>,
) {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on("data", (c: unknown) => chunks.push(c as Buffer));
  const done = new Promise<void>((r) => p.on("end", () => r()));
  for (const e of entries) {
    if (e.type === "symlink") p.entry({ name: e.name, type: "symlink", linkname: e.linkname ?? "/etc/passwd" });
    else if (e.type === "directory") p.entry({ name: e.name, type: "directory" });
    else p.entry({ name: e.name }, e.content ?? "");
  }
  p.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

/** A zip whose one entry is marked a Unix symbolic link in the central directory. */
function zipWithSymlink(): Uint8Array {
  const bytes = zipSync({ "a/SKILL.md": md("a"), "a/link": strToU8("/etc/passwd") });
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < bytes.length - 4; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(i + 46, i + 46 + nameLength));
    if (name === "a/link") {
      view.setUint16(i + 4, (3 << 8) | 20, true);
      view.setUint32(i + 38, (0o120777 << 16) >>> 0, true);
    }
  }
  return bytes;
}

describe("skillsInArchive", () => {
  it("reads one skill folder, a skill at the top, and a folder of skills", async () => {
    expect(
      (await skillsInArchive(zipSync({ "a/SKILL.md": md("a"), "a/references/r.md": strToU8("r") }), "zip")).skills,
    ).toMatchObject([{ name: "a", files: [{ path: "references/r.md", content: "r" }] }]);
    expect((await skillsInArchive(zipSync({ "SKILL.md": md("top") }), "zip")).skills[0]!.name).toBe("top");
    const many = await skillsInArchive(
      zipSync({ "skills/b/SKILL.md": md("b"), "skills/c/SKILL.md": md("c"), "skills/README.md": strToU8("x") }),
      "zip",
    );
    expect(many.skills.map((s) => s.name)).toEqual(["b", "c"]);
    expect(many.warnings.join(" ")).toMatch(/README.md is outside every skill folder/);
  });

  it("reads a .tar.gz", async () => {
    const r = await skillsInArchive(
      await tarGz([
        { name: "./d/", type: "directory" },
        { name: "./d/SKILL.md", content: new TextDecoder().decode(md("d")) },
        { name: "./d/scripts/run.py", content: "print(1)" },
      ]),
      "tar.gz",
    );
    expect(r.skills).toMatchObject([{ name: "d", files: [{ path: "scripts/run.py", content: "print(1)" }] }]);
  });

  it.each(["../evil.md", "a/../../evil.md", "/etc/evil.md", "a\\..\\evil.md", "C:/evil.md"])(
    "refuses the zip-slip path %s and stores nothing",
    async (path) => {
      await expect(
        skillsInArchive(zipSync({ "a/SKILL.md": md("a"), [path]: strToU8("x") }), "zip"),
      ).rejects.toMatchObject({
        code: "SkillArchiveError",
      });
    },
  );

  it("refuses a zip-slip path in a tar", async () => {
    await expect(
      skillsInArchive(
        await tarGz([
          { name: "a/SKILL.md", content: "x" },
          { name: "../../evil", content: "x" },
        ]),
        "tar.gz",
      ),
    ).rejects.toThrow(/Unsafe path/);
  });

  it("refuses symbolic links in a tar and a zip", async () => {
    await expect(
      skillsInArchive(
        await tarGz([
          { name: "a/SKILL.md", content: "x" },
          { name: "a/link", type: "symlink" },
        ]),
        "tar.gz",
      ),
    ).rejects.toThrow(/is a link/);
    await expect(skillsInArchive(zipWithSymlink(), "zip")).rejects.toThrow(/'a\/link' is a link/);
  });

  it("skips non-UTF-8 files with a warning and refuses a non-UTF-8 SKILL.md", async () => {
    const r = await skillsInArchive(
      zipSync({ "a/SKILL.md": md("a"), "a/img.bin": new Uint8Array([0xc3, 0x28]) }),
      "zip",
    );
    expect(r.skills[0]!.files).toEqual([]);
    expect(r.warnings).toEqual(["a/img.bin is not UTF-8 text and was skipped."]);
    await expect(skillsInArchive(zipSync({ "a/SKILL.md": new Uint8Array([0xff, 0xfe]) }), "zip")).rejects.toThrow(
      /not UTF-8/,
    );
  });

  it("refuses oversized archives, files and bad skills as a whole", async () => {
    const big = new Uint8Array(MAX_ARCHIVE_UNPACKED_BYTES + 1);
    await expect(skillsInArchive(zipSync({ "a/SKILL.md": md("a"), "a/big.txt": big }), "zip")).rejects.toThrow(
      /unpacks to more than/,
    );
    await expect(
      skillsInArchive(
        zipSync({ "a/SKILL.md": md("a"), "a/large.md": new Uint8Array(MAX_SKILL_FILE_BYTES + 1).fill(97) }),
        "zip",
      ),
    ).rejects.toThrow(/larger than/);
    await expect(skillsInArchive(zipSync({ "a/SKILL.md": md("a"), "b/SKILL.md": md("wrong") }), "zip")).rejects.toThrow(
      /folder 'b'/,
    );
    await expect(skillsInArchive(zipSync({ "x/a/SKILL.md": md("a"), "y/a/SKILL.md": md("a") }), "zip")).rejects.toThrow(
      /Two skills/,
    );
    await expect(skillsInArchive(zipSync({ "readme.md": strToU8("x") }), "zip")).rejects.toThrow(/no SKILL.md/);
    await expect(skillsInArchive(strToU8("not a zip"), "zip")).rejects.toThrow(/not a zip/);
    await expect(skillsInArchive(strToU8("not gzip"), "tar.gz")).rejects.toThrow(/gzip/);
  });
});
