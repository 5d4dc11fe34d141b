import { describe, expect, it } from "vitest";
import { defaultModel, forkBody, replayBody, rosterKeysOf, versionOptionLabel } from "./branch-options";

const demo = { provider: "demo", model: "demo" };
const careful = { provider: "demo", model: "careful" };

describe("branch options", () => {
  it("a version's roster keys, or its one model", () => {
    expect(rosterKeysOf({ model: demo, roster: [demo, careful] })).toEqual(["demo:demo", "demo:careful"]);
    expect(rosterKeysOf({ model: careful, roster: [] })).toEqual(["demo:careful"]);
  });

  it("starts on the conversation's model when the version has it", () => {
    expect(defaultModel(["demo:demo", "demo:careful"], "demo:careful")).toBe("demo:careful");
    expect(defaultModel(["demo:demo"], "demo:careful")).toBe("demo:demo");
    expect(defaultModel([], "demo:careful")).toBe("demo:careful");
  });

  it("names a version with its labels", () => {
    const v = { version: 3, createdAt: new Date(0).toISOString(), createdBy: null, labels: ["production"] };
    expect(versionOptionLabel(v, true, 3)).toBe("v3 · production · latest (this conversation's)");
    expect(versionOptionLabel({ ...v, labels: [] }, false, 2)).toBe("v3");
  });

  it("a fork names its model only when the version has a roster, and a title only when given", () => {
    expect(forkBody({ atSeq: 4, version: 2, modelKey: "demo:careful", rosterSize: 2, title: "  " })).toEqual({
      atSeq: 4,
      version: 2,
      modelKey: "demo:careful",
    });
    expect(forkBody({ atSeq: 0, version: 1, modelKey: "demo:demo", rosterSize: 0, title: " B " })).toEqual({
      atSeq: 0,
      version: 1,
      title: "B",
    });
  });

  it("a replay by version or label; no model follows the original's switches", () => {
    expect(replayBody({ version: "v:3", modelKey: "", toolResults: "recorded", title: "" })).toEqual({
      version: 3,
      toolResults: "recorded",
    });
    expect(
      replayBody({ version: "label:production", modelKey: "demo:careful", toolResults: "live-pure", title: "" }),
    ).toEqual({
      label: "production",
      toolResults: "live-pure",
      modelKey: "demo:careful",
    });
  });
});
