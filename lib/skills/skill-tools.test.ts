import { describe, expect, it } from "vitest";
import { loadSkill, readSkillResource, skillToolArgumentError, type RunSkill } from "./skill-tools";
import { MAX_RESOURCE_READ_CHARS } from "./skill-limits.shared";
import { renderSkillListing } from "./skill-listing.shared";

const files: Record<string, string> = {
  "scripts/run.py": "print(1)",
  "references/a.md": "A",
  "big.txt": "x".repeat(MAX_RESOURCE_READ_CHARS + 1),
};
const skill: RunSkill = {
  name: "s",
  version: 3,
  description: "A skill.",
  instructions: "Do it.",
  allowedTools: ["Read"],
  resources: Object.keys(files),
  readResource: async (p) => files[p] ?? null,
};

describe("skill tools", () => {
  it("load_skill answers instructions and sorted resources", () => {
    expect(loadSkill([skill], { name: "s" })).toEqual({
      ok: true,
      result: {
        name: "s",
        version: 3,
        instructions: "Do it.",
        resources: ["big.txt", "references/a.md", "scripts/run.py"],
        allowedTools: ["Read"],
      },
    });
    expect(loadSkill([skill], { name: "x" })).toMatchObject({ ok: false, error: { type: "SkillNotFound" } });
  });

  it("read_skill_resource is confined and capped; scripts are text", async () => {
    expect(await readSkillResource([skill], { name: "s", path: "scripts/run.py" })).toMatchObject({
      ok: true,
      result: { content: "print(1)" },
    });
    expect(await readSkillResource([skill], { name: "s", path: "../x" })).toMatchObject({
      ok: false,
      error: { type: "SkillResourcePathError" },
    });
    expect(await readSkillResource([skill], { name: "s", path: "nope.md" })).toMatchObject({
      ok: false,
      error: { type: "SkillResourceNotFound" },
    });
    const big = await readSkillResource([skill], { name: "s", path: "big.txt" });
    expect(big).toMatchObject({ ok: true, result: { truncated: true } });
    expect((big as { result: { content: string } }).result.content).toHaveLength(MAX_RESOURCE_READ_CHARS);
  });

  it("checks arguments", () => {
    expect(skillToolArgumentError("load_skill", { name: "s" })).toBeNull();
    expect(skillToolArgumentError("load_skill", {})).toMatch(/'name'/);
    expect(skillToolArgumentError("read_skill_resource", { name: "s" })).toMatch(/'path'/);
    expect(skillToolArgumentError("load_skill", { name: "s", extra: 1 })).toMatch(/Unknown argument/);
  });

  it("renders the compact listing", () => {
    expect(renderSkillListing([])).toBe("");
    expect(renderSkillListing([{ name: "a", description: "Line one\nline two" }])).toMatch(/\n- a: Line one line two$/);
  });
});
