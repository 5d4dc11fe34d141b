import { describe, expect, it } from "vitest";
import { AgentInput } from "./agent-input.shared";
import { AgentFile } from "./agent-file.shared";
import { versionConfigOf, type VersionConfig } from "./agent-version-config.shared";
import { diffVersionConfigs } from "./agent-version-diff.shared";

const base = { name: "a", model: { provider: "demo", model: "demo" } };

function issues(suggestedPrompts: unknown) {
  const r = AgentInput.safeParse({ ...base, suggestedPrompts });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("suggestedPrompts in the agent JSON", () => {
  it("defaults to none, and keeps each prompt trimmed, in order", () => {
    expect(AgentInput.parse(base).suggestedPrompts).toEqual([]);
    expect(AgentInput.parse({ ...base, suggestedPrompts: ["  Hi there ", "Refund order 7"] }).suggestedPrompts).toEqual(
      ["Hi there", "Refund order 7"],
    );
  });

  it("refuses an empty prompt, one over 200 characters and a list over 6, naming the field", () => {
    expect(issues(["ok", "   "])).toEqual([
      { path: "suggestedPrompts.1", message: "A suggested prompt is not empty (remove it instead)" },
    ]);
    expect(issues(["x".repeat(201)])).toEqual([
      { path: "suggestedPrompts.0", message: "Keep a suggested prompt to 200 characters" },
    ]);
    expect(issues(["x".repeat(200)])).toEqual([]);
    expect(issues(["1", "2", "3", "4", "5", "6", "7"])).toEqual([
      { path: "suggestedPrompts", message: "An agent suggests at most 6 prompts" },
    ]);
    expect(issues(["1", "2", "3", "4", "5", "6"])).toEqual([]);
  });

  it("refuses the same prompt twice (after trimming), and anything but a list of texts", () => {
    expect(issues(["Hello", " Hello "])).toEqual([
      { path: "suggestedPrompts.1", message: '"Hello" is already suggested above' },
    ]);
    expect(issues("Hello")[0]).toMatchObject({ path: "suggestedPrompts" });
    expect(issues([42])[0]).toMatchObject({ path: "suggestedPrompts.0", message: "A suggested prompt is text" });
  });

  it("is part of the version's configuration and its diff, prompt by prompt", () => {
    const v1 = versionConfigOf(AgentInput.parse({ ...base, suggestedPrompts: ["A", "B"] }));
    const v2 = versionConfigOf(AgentInput.parse({ ...base, suggestedPrompts: ["A", "C", "D"] }));
    expect(v1.suggestedPrompts).toEqual(["A", "B"]);
    expect(diffVersionConfigs(v1, v2)).toEqual([
      { path: "suggestedPrompts.1", before: "B", after: "C" },
      { path: "suggestedPrompts.2", before: undefined, after: "D" },
    ]);
  });

  it("reads a version saved before suggested prompts as none: no change to show", () => {
    const now = versionConfigOf(AgentInput.parse(base));
    const { suggestedPrompts: _s, ...older } = now;
    expect(diffVersionConfigs(older as VersionConfig, now)).toEqual([]);
  });

  it("travels in the agent file, and a file without it imports with none", () => {
    const agent = { name: "a", model: { provider: "demo", model: "demo" } };
    const doc = { format: "atelier.agent", formatVersion: 1 };
    expect(AgentFile.parse({ ...doc, agent }).agent.suggestedPrompts).toEqual([]);
    expect(AgentFile.parse({ ...doc, agent: { ...agent, suggestedPrompts: ["Hi"] } }).agent.suggestedPrompts).toEqual([
      "Hi",
    ]);
    const bad = AgentFile.safeParse({ ...doc, agent: { ...agent, suggestedPrompts: [""] } });
    expect(bad.success ? null : bad.error.issues[0].path).toEqual(["agent", "suggestedPrompts", 0]);
  });
});
