import { describe, expect, it } from "vitest";
import type { AgentView } from "@/lib/agents/agent-view.shared";
import type { VersionConfig } from "@/lib/agents/agent-version-config.shared";
import {
  describeToolEntry,
  followsLatest,
  savedMessage,
  sideBySide,
  startVersion,
  versionConfigOfView,
  versionDiff,
} from "./agent-version-view";

const base: VersionConfig = {
  description: "routes",
  prompt: { template: "line one\nline two\nline three", params: {}, currentDateTime: false, jsonOutputReminder: false },
  model: { provider: "demo", model: "demo" } as VersionConfig["model"],
  roster: [],
  runLimits: { requestLimit: 50 } as VersionConfig["runLimits"],
  autonomy: "auto",
  compaction: { strategy: "none" } as VersionConfig["compaction"],
  limitRecovery: { policy: "conclude", reason: null },
  runtime: { retries: 3 } as VersionConfig["runtime"],
  tools: [{ toolId: "t1", toolVersionId: "tv1" }],
};

describe("versionConfigOfView", () => {
  it("keeps only the versioned fields of an agent", () => {
    const view = {
      ...base,
      id: "a1",
      name: "atlas",
      agentLimits: {},
      version: 3,
      modelSwitches: [],
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
    } as unknown as AgentView;
    const config = versionConfigOfView(view);
    expect(Object.keys(config).sort()).toEqual(
      [
        "autonomy",
        "compaction",
        "description",
        "limitRecovery",
        "model",
        "prompt",
        "roster",
        "runLimits",
        "runtime",
        "tools",
      ].sort(),
    );
  });
});

describe("versionDiff", () => {
  it("lays the prompt out side by side and names the tools on each side", () => {
    const after: VersionConfig = {
      ...base,
      prompt: { ...base.prompt, template: "line one\nline 2\nline three\nline four" },
      runLimits: { requestLimit: 10 } as VersionConfig["runLimits"],
      tools: [{ toolId: "t1", follow: "latest" }, { builtin: "memory" }],
    };
    const d = versionDiff({ config: base, toolNames: ["lookup"] }, { config: after, toolNames: ["lookup", "memory"] });
    expect(d.prompt).toEqual([
      { left: "line one", right: "line one", kind: "same" },
      { left: "line two", right: "line 2", kind: "changed" },
      { left: "line three", right: "line three", kind: "same" },
      { left: null, right: "line four", kind: "added" },
    ]);
    expect(d.fields).toEqual([
      { path: "runLimits.requestLimit", before: "50", after: "10" },
      { path: "tools.0", before: "lookup (pinned)", after: "lookup (follows latest)" },
      { path: "tools.1", before: "—", after: "memory (built-in)" },
    ]);
  });

  it("answers no change for the same configuration", () => {
    expect(versionDiff({ config: base, toolNames: [] }, { config: base, toolNames: [] })).toEqual({
      prompt: null,
      fields: [],
    });
  });
});

describe("sideBySide", () => {
  it("pairs a run of removed lines with the added lines after it", () => {
    expect(
      sideBySide([
        { kind: "removed", text: "a" },
        { kind: "removed", text: "b" },
        { kind: "added", text: "c" },
      ]),
    ).toEqual([
      { left: "a", right: "c", kind: "changed" },
      { left: "b", right: null, kind: "removed" },
    ]);
  });
});

describe("small helpers", () => {
  it("reads tool entries", () => {
    expect(describeToolEntry({ agentId: "a2", sideEffecting: true }, "helper")).toBe("helper (agent, side-effecting)");
    expect(describeToolEntry({ mcpServerId: "s", tool: "search", as: "web" }, undefined)).toBe(
      "web (MCP search as web)",
    );
  });
  it("finds tool entries that follow the latest", () => {
    expect(followsLatest(base.tools)).toBe(false);
    expect(followsLatest([{ builtin: "memory" }, { toolId: "t", follow: "latest" }])).toBe(true);
  });
  it("starts conversations on production, else the latest", () => {
    expect(startVersion({ version: 4, production: 2 })).toBe(2);
    expect(startVersion({ version: 4, production: null })).toBe(4);
  });
  it("says whether a save made a version", () => {
    expect(savedMessage(null, 1)).toBe("Created v1");
    expect(savedMessage(2, 3)).toBe("Saved as v3");
    expect(savedMessage(3, 3)).toBe("No changes, still v3");
  });
});
