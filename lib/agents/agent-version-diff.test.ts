import { describe, expect, it } from "vitest";
import { AgentInput } from "./agent-input.shared";
import { activeModelOf, versionConfigOf } from "./agent-version-config.shared";
import { canonical, diffLines, diffVersionConfigs, sameVersionConfig } from "./agent-version-diff.shared";
import { LABEL_PATTERN } from "./agent-label.shared";

const config = (over: Record<string, unknown> = {}) =>
  AgentInput.parse({
    name: "differ",
    prompt: { template: "Line one.\nLine two." },
    model: { provider: "demo", model: "demo" },
    tools: [{ toolId: "t1", toolVersionId: "v1" }],
    ...over,
  });

describe("versionConfigOf", () => {
  it("leaves out the name, the lifetime limits and (for a roster) the active model", () => {
    const v = versionConfigOf(config({ agentLimits: { agentRequestLimit: 9 } }));
    expect(v).not.toHaveProperty("name");
    expect(v).not.toHaveProperty("agentLimits");
    expect(v.model).toMatchObject({ provider: "demo", model: "demo" });
    const roster = versionConfigOf(
      config({
        model: [
          { provider: "demo", model: "demo" },
          { provider: "openai", model: "gpt-4o" },
        ],
      }),
    );
    expect(roster).not.toHaveProperty("model");
    expect(roster.roster).toHaveLength(2);
  });

  it("a roster version runs the active model when its roster has it, else its first entry", () => {
    const roster = versionConfigOf(
      config({
        model: [
          { provider: "demo", model: "demo" },
          { provider: "openai", model: "gpt-4o" },
        ],
      }),
    );
    expect(activeModelOf(roster, { provider: "openai", model: "gpt-4o" } as never).model).toBe("gpt-4o");
    expect(activeModelOf(roster, { provider: "anthropic", model: "claude" } as never).model).toBe("demo");
    expect(activeModelOf(roster, null).model).toBe("demo");
  });
});

describe("diffVersionConfigs", () => {
  it("no change: the same configuration, whatever the key order or the names of the tools at save", () => {
    const a = versionConfigOf(config(), undefined, ["city"]);
    const b = JSON.parse(JSON.stringify({ ...versionConfigOf(config(), undefined, ["renamed"]) }));
    expect(diffVersionConfigs(a, b)).toEqual([]);
    expect(sameVersionConfig(a, b)).toBe(true);
  });

  it("names each changed field by its path, the prompt first; tool entries whole", () => {
    const a = versionConfigOf(config());
    const b = versionConfigOf(
      config({
        prompt: { template: "Line one.\nLine 2." },
        runLimits: { requestLimit: 7 },
        autonomy: "gated",
        tools: [{ toolId: "t1", follow: "latest" }, { builtin: "memory" }],
      }),
    );
    const changes = diffVersionConfigs(a, b);
    expect(changes.map((c) => c.path)).toEqual([
      "prompt.template",
      "autonomy",
      "runLimits.requestLimit",
      "tools.0",
      "tools.1",
    ]);
    expect(changes.find((c) => c.path === "tools.0")).toMatchObject({
      before: { toolId: "t1", toolVersionId: "v1" },
      after: { toolId: "t1", follow: "latest" },
    });
    expect(changes.find((c) => c.path === "tools.1")).toMatchObject({
      before: undefined,
      after: { builtin: "memory" },
    });
    expect(changes.find((c) => c.path === "runLimits.requestLimit")).toMatchObject({ before: 50, after: 7 });
  });

  it("a roster entry changed is named by its index", () => {
    const a = versionConfigOf(
      config({
        model: [
          { provider: "demo", model: "demo" },
          { provider: "openai", model: "gpt-4o" },
        ],
      }),
    );
    const b = versionConfigOf(
      config({
        model: [
          { provider: "demo", model: "demo" },
          { provider: "openai", model: "gpt-4o", temperature: 0.2 },
        ],
      }),
    );
    expect(diffVersionConfigs(a, b).map((c) => c.path)).toEqual(["roster.1.temperature"]);
  });
});

describe("diffLines", () => {
  it("keeps the common lines and marks the removed and added ones in order", () => {
    expect(diffLines("a\nb\nc", "a\nB\nc\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
      { kind: "added", text: "d" },
    ]);
    expect(diffLines("same", "same")).toEqual([{ kind: "same", text: "same" }]);
  });
});

describe("canonical", () => {
  it("sorts keys at every depth and drops undefined members", () => {
    expect(canonical({ b: 1, a: { d: [1, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"z":1}]},"b":1}',
    );
  });
});

describe("labels", () => {
  it("names are lowercase, start with a letter, at most 32 characters", () => {
    for (const ok of ["production", "staging", "canary-2", "a"]) expect(LABEL_PATTERN.test(ok)).toBe(true);
    for (const bad of ["Prod", "2nd", "-x", "a".repeat(33), "with space", ""])
      expect(LABEL_PATTERN.test(bad)).toBe(false);
  });
});
