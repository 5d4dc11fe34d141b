/**
 * The `agent_versions` migration on data written before it: each agent's configuration becomes its
 * version 1 (tools in order, the roster without its active model), the agent keeps only its
 * agent-wide state, its tool rows are version 1's, and its conversations are pinned to 1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAgent } from "./read-agent";
import { applyMigrations } from "../db/migrations";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";

const BEFORE = "20261201192254_run_lease_without_run_id";
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrateUpTo: BEFORE });
});
afterAll(async () => t?.cleanup());

const legacy = (model: unknown, roster: unknown[]) =>
  JSON.stringify({
    description: "A legacy agent.",
    prompt: { template: "Be {tone}.", params: { tone: "brief" }, currentDateTime: false, jsonOutputReminder: true },
    model,
    roster,
    runLimits: {
      requestLimit: 9,
      toolCallsLimit: null,
      inputTokensLimit: null,
      outputTokensLimit: null,
      totalTokensLimit: null,
    },
    agentLimits: { agentRequestLimit: 77, inputTokensLimit: null, outputTokensLimit: null, totalTokensLimit: null },
    autonomy: "gated",
    compaction: {
      strategy: "none",
      autoTrigger: false,
      triggerRatio: 0.85,
      keepRecentMessages: 4,
      summaryTargetTokens: 2000,
      summarizerPromptVersion: "v1",
      summaryModel: null,
    },
    limitRecovery: { policy: "conclude", reason: null },
    runtime: { retries: 3, endStrategy: "exhaustive" },
    modelSwitches: [{ from: "demo:demo", to: "demo:other", at: "2026-11-30T10:00:00.000Z", by: "ada" }],
  });

describe("the agent_versions migration", () => {
  it("makes each agent's configuration its version 1 and pins its conversations to it", async () => {
    const exec = (sql: string) => t.db.$executeRawUnsafe(sql);
    const json = (v: string) => `'${v.replaceAll("'", "''")}'`;
    // Rows the old schema's client can still write; the rest in SQL, dated like the workspace row.
    await t.db.workspace.create({ data: { id: "w", slug: "w", name: "W" } });
    await t.db.tool.create({ data: { id: "t", workspaceId: "w", name: "city" } });
    await t.db.toolVersion.create({
      data: { id: "tv", toolId: "t", version: 1, source: "// src", diagnostics: [], hasErrors: false },
    });
    const demo = { provider: "demo", model: "demo" };
    const other = { provider: "demo", model: "other" };
    const agentRow = (id: string, config: string) =>
      exec(
        `INSERT INTO "Agent" ("id", "workspaceId", "name", "config", "createdAt", "updatedAt") SELECT '${id}', 'w', '${id}', ${json(config)}, "createdAt", "createdAt" FROM "Workspace" WHERE "id" = 'w'`,
      );
    await agentRow("single", legacy(demo, []));
    await agentRow("roster", legacy(other, [demo, other]));
    await exec(
      `INSERT INTO "AgentTool" ("id", "agentId", "position", "kind", "toolId", "toolVersionId") VALUES ('at1', 'single', 1, 'tool', 't', 'tv')`,
    );
    await exec(
      `INSERT INTO "AgentTool" ("id", "agentId", "position", "kind", "builtin") VALUES ('at0', 'single', 0, 'builtin', 'memory')`,
    );
    await exec(
      `INSERT INTO "AgentTool" ("id", "agentId", "position", "kind", "childAgentId", "sideEffecting") VALUES ('at2', 'single', 2, 'agent', 'roster', true)`,
    );
    await exec(
      `INSERT INTO "Conversation" ("id", "workspaceId", "agentId", "createdAt", "updatedAt") SELECT 'c', 'w', 'single', "createdAt", "createdAt" FROM "Workspace" WHERE "id" = 'w'`,
    );

    // The migration redefines tables: no other connection may hold the file meanwhile.
    await t.db.$disconnect();
    await applyMigrations(t.target);

    const versions = await t.db.agentVersion.findMany({ orderBy: { agentId: "asc" } });
    expect(versions.map((v) => [v.agentId, v.version])).toEqual([
      ["roster", 1],
      ["single", 1],
    ]);
    const single = versions.find((v) => v.agentId === "single")!.config as Record<string, unknown>;
    expect(single.tools).toEqual([
      { builtin: "memory" },
      { toolId: "t", toolVersionId: "tv" },
      { agentId: "roster", sideEffecting: true },
    ]);
    expect(single).not.toHaveProperty("agentLimits");
    expect(single).not.toHaveProperty("modelSwitches");
    expect(single.model).toEqual(demo);
    const roster = versions.find((v) => v.agentId === "roster")!.config as Record<string, unknown>;
    expect(roster).not.toHaveProperty("model");
    expect(roster.roster).toEqual([demo, other]);
    expect(roster.tools).toEqual([]);

    const agent = await t.db.agent.findUniqueOrThrow({ where: { id: "roster" } });
    expect(agent.latestVersion).toBe(1);
    expect(agent.config).toEqual({
      agentLimits: { agentRequestLimit: 77, inputTokensLimit: null, outputTokensLimit: null, totalTokensLimit: null },
      model: other,
      modelSwitches: [{ from: "demo:demo", to: "demo:other", at: "2026-11-30T10:00:00.000Z", by: "ada" }],
    });
    // The API reads them as before: the roster agent's active model is still the one switched to.
    const view = await getAgent(t.db, "roster");
    expect(view).toMatchObject({ version: 1, model: other, autonomy: "gated", agentLimits: { agentRequestLimit: 77 } });
    expect(view.roster).toHaveLength(2);
    expect(view.modelSwitches).toHaveLength(1);
    expect((await getAgent(t.db, "single")).tools).toHaveLength(3);
    expect((await t.db.agentTool.findMany()).every((r) => r.agentVersion === 1)).toBe(true);
    expect((await t.db.conversation.findUniqueOrThrow({ where: { id: "c" } })).agentVersion).toBe(1);
  });
});
