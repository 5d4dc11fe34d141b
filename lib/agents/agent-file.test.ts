import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AgentFile,
  AgentFileDocument,
  agentFileJsonSchema,
  fileToolEntryKind,
  type AgentFileInput,
  type AgentFileToolEntry,
} from "./agent-file.shared";

const HASH = "a".repeat(64);
const minimal = (over: Partial<AgentFileInput> = {}): AgentFileInput => ({
  format: "atelier.agent",
  formatVersion: 1,
  exportedAt: "2026-12-01T10:00:00.000Z",
  agent: { name: "billing", model: { provider: "demo", model: "demo" } },
  ...over,
});

describe("the agent file's schema", () => {
  it("fills what a hand-written file leaves out with the agent JSON's defaults", () => {
    const file = AgentFile.parse(minimal());
    expect(file.tools).toEqual([]);
    expect(file.agents).toEqual([]);
    expect(file.agent).toMatchObject({ description: "", roster: [], autonomy: "auto", tools: [] });
    expect(file.agent.runLimits.requestLimit).toBe(50);
    // A file kept in git may drop its time of export.
    const { exportedAt: _at, ...undated } = minimal();
    expect(AgentFile.parse(undated).exportedAt).toBeUndefined();
  });

  it("takes the four tool entries, by name", () => {
    const entries: AgentFileToolEntry[] = [
      { tool: "weather", sourceHash: HASH },
      { tool: "weather", sourceHash: HASH, follow: "latest" },
      { builtin: "memory" },
      { agent: "forecaster", sideEffecting: true },
      { mcpServer: "docs", tool: "search", as: "docs_search" },
    ];
    const file = AgentFile.parse(
      minimal({ agent: { name: "a", model: { provider: "demo", model: "demo" }, tools: entries } }),
    );
    expect(file.agent.tools).toEqual(entries);
    expect(file.agent.tools.map(fileToolEntryKind)).toEqual(["tool", "tool", "builtin", "agent", "mcp"]);
  });

  it("refuses database ids and unknown fields (strict objects)", () => {
    const withId = AgentFile.safeParse(
      minimal({ agent: { name: "a", model: { provider: "demo", model: "demo" }, tools: [{ toolId: "x" }] as never } }),
    );
    expect(withId.success).toBe(false);
    expect(withId.error!.issues[0].message).toMatch(/^A tool entry is/);
    const extra = AgentFile.safeParse({ ...minimal(), id: "agent-1" });
    expect(extra.error!.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["id"] });
  });

  it("a source hash is 64 lowercase hex digits; a tool source is not empty", () => {
    const bad = AgentFile.safeParse(
      minimal({
        agent: { name: "a", model: { provider: "demo", model: "demo" }, tools: [{ tool: "w", sourceHash: "ABC" }] },
        tools: [{ name: "w", source: "" }],
      }),
    );
    expect(bad.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["agent.tools.0.sourceHash", "sourceHash is the SHA-256 of the tool's source, 64 lowercase hex digits"],
      ["tools.0.source", "The source is empty"],
    ]);
  });
});

describe("AgentFileDocument (what the import reads)", () => {
  it("checks the format and its version first, alone", () => {
    const other = AgentFileDocument.safeParse({ format: "other", formatVersion: 1 });
    expect(other.error!.issues).toHaveLength(1);
    expect(other.error!.issues[0]).toMatchObject({
      path: ["format"],
      message: 'This is not an agent file: "format" must be "atelier.agent"',
    });
    const newer = AgentFileDocument.safeParse({ ...minimal(), formatVersion: 2 });
    expect(newer.error!.issues).toHaveLength(1);
    expect(newer.error!.issues[0].message).toMatch(/^This studio reads agent files of formatVersion 1/);
    expect(AgentFileDocument.safeParse([]).success).toBe(false);
  });

  it("then the whole document", () => {
    const res = AgentFileDocument.safeParse({ ...minimal(), agent: { name: "no spaces allowed" } });
    expect(res.error!.issues.map((i) => i.path.join("."))).toEqual(["agent.name", "agent.model"]);
    expect(AgentFileDocument.parse(minimal())).toEqual(AgentFile.parse(minimal()));
  });
});

describe("docs/agent-file.schema.json", () => {
  it("is the JSON Schema generated from the zod schema (npx tsx scripts/agent-file-schema.ts)", () => {
    const committed = JSON.parse(readFileSync(path.resolve(__dirname, "../../docs/agent-file.schema.json"), "utf8"));
    expect(committed).toEqual(agentFileJsonSchema());
  });

  it("names the reused parts", () => {
    const schema = agentFileJsonSchema() as { $defs: Record<string, unknown> };
    expect(Object.keys(schema.$defs).sort()).toEqual(["Agent", "ModelConfig", "ToolEntry", "ToolSource"]);
  });
});
