import { describe, expect, it } from "vitest";
import { parseSkillMd } from "./parse-skill-md";

const doc = (front: string, body = "Do the thing.") => `---\n${front}\n---\n\n${body}\n`;
const errors = (text: string, folder?: string) =>
  parseSkillMd(text, folder)
    .diagnostics.filter((d) => d.severity === "error")
    .map((d) => d.message);

describe("parseSkillMd", () => {
  it("parses the front matter and the instructions", () => {
    const r = parseSkillMd(
      doc(
        "name: internet-research\ndescription: Research a topic on the web.\nlicense: MIT\ncompatibility: Needs network access\nmetadata:\n  author: ada\n  version: 2\nallowed-tools: Read Grep",
      ),
      "internet-research",
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.frontMatter).toEqual({
      name: "internet-research",
      description: "Research a topic on the web.",
      license: "MIT",
      compatibility: "Needs network access",
      metadata: { author: "ada", version: "2" },
      allowedTools: ["Read", "Grep"],
    });
    expect(r.instructions).toBe("Do the thing.");
  });

  it("accepts allowed-tools as a YAML list", () => {
    expect(
      parseSkillMd(doc("name: a\ndescription: d\nallowed-tools: [Read, Write]")).frontMatter?.allowedTools,
    ).toEqual(["Read", "Write"]);
  });

  it.each([
    ["Upper", "lowercase"],
    ["-lead", "lowercase"],
    ["trail-", "lowercase"],
    ["dou--ble", "lowercase"],
    ["under_score", "lowercase"],
    ["a".repeat(65), "at most 64"],
  ])("refuses the name %s", (name, why) => {
    expect(errors(doc(`name: ${name}\ndescription: d`)).join(" ")).toContain(why);
  });

  it("accepts a 64-character name and digits", () => {
    expect(errors(doc(`name: ${"a".repeat(62)}-1\ndescription: d`))).toEqual([]);
  });

  it("requires the name to match the folder", () => {
    expect(errors(doc("name: alpha\ndescription: d"), "beta")[0]).toMatch(/'alpha' is in folder 'beta'/);
    expect(errors(doc("name: alpha\ndescription: d"), "alpha")).toEqual([]);
  });

  it("requires a name and a non-empty description", () => {
    expect(errors(doc("description: d"))).toEqual(["The front matter has no 'name'."]);
    expect(errors(doc("name: a"))[0]).toMatch(/no 'description'/);
    expect(errors(doc("name: a\ndescription: ''"))[0]).toMatch(/'description' is empty/);
    expect(errors(doc(`name: a\ndescription: ${"x".repeat(1025)}`))[0]).toMatch(/at most 1024/);
  });

  it("warns on unknown keys with their range, and on an empty body", () => {
    const r = parseSkillMd("---\nname: a\ndescription: d\nauthor: me\n---\n");
    expect(r.frontMatter).not.toBeNull();
    const warnings = r.diagnostics.filter((d) => d.severity === "warning");
    expect(warnings.map((w) => w.message).join(" ")).toMatch(/Unknown front matter key 'author'/);
    expect(warnings.find((w) => w.message.includes("author"))!.range).toEqual({
      startLine: 4,
      startColumn: 1,
      endLine: 4,
      endColumn: 7,
    });
    expect(warnings.map((w) => w.message).join(" ")).toMatch(/no instructions/);
  });

  it("underlines the value of a bad name", () => {
    const d = parseSkillMd(doc("name: Bad\ndescription: d")).diagnostics[0]!;
    expect(d.range).toEqual({ startLine: 2, startColumn: 7, endLine: 2, endColumn: 10 });
    expect(d.code).toBe("SkillDefinitionError");
  });

  it("refuses a missing or unclosed front matter, bad YAML and a non-mapping", () => {
    expect(errors("# Just markdown")[0]).toMatch(/starts with a front matter/);
    expect(errors("---\nname: a\n")[0]).toMatch(/not closed/);
    expect(errors(doc("name: [a\ndescription: d"))[0]).toMatch(/YAML/);
    expect(errors(doc("- a\n- b"))[0]).toMatch(/mapping/);
    expect(errors(doc("name: a\nname: b\ndescription: d"))[0]).toMatch(/YAML/);
  });

  it("refuses wrong types of the optional keys", () => {
    expect(errors(doc("name: a\ndescription: d\nmetadata: text"))[0]).toMatch(/'metadata' is a mapping/);
    expect(errors(doc("name: a\ndescription: d\nmetadata:\n  k: [1]"))[0]).toMatch(/text value/);
    expect(errors(doc("name: a\ndescription: d\nallowed-tools: {a: 1}"))[0]).toMatch(/allowed-tools/);
    expect(errors(doc("name: a\ndescription: d\nlicense: [MIT]"))[0]).toMatch(/'license' is text/);
    expect(errors(doc(`name: a\ndescription: d\ncompatibility: ${"c".repeat(501)}`))[0]).toMatch(/at most 500/);
  });

  it("reads CRLF documents and a BOM", () => {
    const r = parseSkillMd("\uFEFF---\r\nname: a\r\ndescription: d\r\n---\r\nBody\r\n");
    expect(r.frontMatter?.name).toBe("a");
    expect(r.instructions).toBe("Body");
  });
});
