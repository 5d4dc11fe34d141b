import { describe, expect, it, vi } from "vitest";
import { AgentFile, type AgentFileInput } from "./agent-file.shared";
import { sourceHash } from "./export-agent";
import { dependencyOrder, type DocAgent } from "./import-agent";
import { collectToolNeeds, memoised, type Issue } from "./import-agent-tools";
import type { AnalysisResult } from "../tools/tool-types";

const model = { provider: "demo" as const, model: "demo" };
const fileOf = (agent: AgentFileInput["agent"], rest: Partial<AgentFileInput> = {}) =>
  AgentFile.parse({ format: "atelier.agent", formatVersion: 1, exportedAt: "2026-12-01T10:00:00Z", agent, ...rest });
const docAgents = (file: AgentFile): DocAgent[] => [
  ...file.agents.map((agent, i) => ({ agent, path: ["agents", i] })),
  { agent: file.agent, path: ["agent"] },
];
const paths = (issues: Issue[]) => issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("sourceHash", () => {
  it("is the SHA-256 of the source as lowercase hex", () => {
    expect(sourceHash("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sourceHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("dependencyOrder", () => {
  it("puts each agent after the agents it calls", () => {
    const file = fileOf(
      {
        name: "top",
        model,
        tools: [
          { agent: "b", sideEffecting: false },
          { agent: "a", sideEffecting: false },
        ],
      },
      {
        agents: [
          { name: "a", model, tools: [{ agent: "c", sideEffecting: false }] },
          { name: "b", model, tools: [{ agent: "a", sideEffecting: true }] },
          { name: "c", model },
        ],
      },
    );
    const issues: Issue[] = [];
    expect(dependencyOrder(docAgents(file), issues).map((a) => a.agent.name)).toEqual(["c", "a", "b", "top"]);
    expect(issues).toEqual([]);
  });

  it("a cycle, or an agent listed twice, is an issue", () => {
    const file = fileOf(
      { name: "top", model, tools: [{ agent: "a", sideEffecting: false }] },
      {
        agents: [
          { name: "a", model, tools: [{ agent: "b", sideEffecting: false }] },
          { name: "b", model, tools: [{ agent: "a", sideEffecting: false }] },
          { name: "top", model },
        ],
      },
    );
    const issues: Issue[] = [];
    dependencyOrder(docAgents(file), issues);
    expect(paths(issues)).toEqual([
      "agent.name: the file holds the agent 'top' twice",
      "agents.0.tools: the file's agents call each other in a cycle: a → b → a",
    ]);
  });
});

describe("collectToolNeeds", () => {
  const one = "export default 1;\n";
  const two = "export default 2;\n";

  it("finds each entry's source in the file's tools, once per (name, hash)", () => {
    const file = fileOf(
      {
        name: "top",
        model,
        tools: [
          { tool: "w", sourceHash: sourceHash(one) },
          { tool: "q", sourceHash: sourceHash(two), follow: "latest" },
        ],
      },
      {
        agents: [{ name: "a", model, tools: [{ tool: "w", sourceHash: sourceHash(one) }] }],
        tools: [
          { name: "q", source: two },
          { name: "w", source: one },
          { name: "w", source: one },
        ],
      },
    );
    const issues: Issue[] = [];
    const needs = collectToolNeeds(file, docAgents(file), issues);
    expect(issues).toEqual([]);
    expect([...needs.get("w")!.values()]).toEqual([{ hash: sourceHash(one), source: one, index: 1, follow: false }]);
    expect([...needs.get("q")!.values()]).toEqual([{ hash: sourceHash(two), source: two, index: 0, follow: true }]);
  });

  it("an entry without its source, or two followed sources of one tool, is an issue", () => {
    const file = fileOf(
      {
        name: "top",
        model,
        tools: [
          { tool: "w", sourceHash: sourceHash(one), follow: "latest" },
          { tool: "x", sourceHash: sourceHash(one) },
        ],
      },
      {
        agents: [{ name: "a", model, tools: [{ tool: "w", sourceHash: sourceHash(two), follow: "latest" }] }],
        tools: [
          { name: "w", source: one },
          { name: "w", source: two },
        ],
      },
    );
    const issues: Issue[] = [];
    collectToolNeeds(file, docAgents(file), issues);
    expect(paths(issues)).toEqual([
      "agent.tools.0.follow: two entries follow the latest 'w' with different sources; a tool has one newest version",
      "agent.tools.1.sourceHash: the file's tools hold no source of 'x' with this hash (sha256 of the source)",
    ]);
  });
});

describe("memoised", () => {
  it("analyses each source once, and again after a failure", async () => {
    const result: AnalysisResult = { tool: null, diagnostics: [] };
    let fail = true;
    const analyze = vi.fn(async (source: string) => {
      if (source === "bad" && fail) {
        fail = false;
        throw new Error("worker crashed");
      }
      return result;
    });
    const once = memoised(analyze);
    await once("a");
    await once("a");
    await expect(once("bad")).rejects.toThrow("worker crashed");
    await once("bad");
    expect(analyze.mock.calls.map((c) => c[0])).toEqual(["a", "bad", "bad"]);
  });
});
