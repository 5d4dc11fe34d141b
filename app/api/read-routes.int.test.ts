import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { GET as health } from "./health/route";
import { GET as tools } from "./tools/route";
import { GET as agents } from "./agents/route";
import { GET as conversations } from "./conversations/route";
import { GET as approvals } from "./approvals/route";
import { GET as runs } from "./runs/route";
import { GET as usage } from "./usage/summary/route";
import { DELETE as unknownDelete, GET as unknownGet } from "./[...path]/route";

let t: TestDatabase;
const ADMIN_TOKEN = "read-routes-admin-token-0123456789";
const get = (url: string) =>
  new Request(`http://localhost${url}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
const body = async (res: Response) => ({ status: res.status, json: await res.json() });

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN_TOKEN;
});
afterAll(async () => {
  delete process.env.ATELIER_ADMIN_TOKEN;
  await t?.cleanup();
});

describe("read routes against a real database", () => {
  it("GET /api/health reports the database kind and migration state", async () => {
    const { status, json } = await body(await health(get("/api/health")));
    expect(status).toBe(200);
    expect(json.status).toBe("ok");
    expect(json.database.kind).toBe(t.target.kind);
    expect(json.database.reachable).toBe(true);
    expect(json.database.migrations.pending).toEqual([]);
    expect(json.database.migrations.applied).toBe(json.database.migrations.committed);
    expect(json.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("lists are empty on an empty studio, then show what the database holds", async () => {
    expect((await body(await tools(get("/api/tools")))).json).toEqual({ tools: [] });
    expect((await body(await agents(get("/api/agents")))).json).toEqual({ agents: [] });

    const ws = await t.db.workspace.create({ data: { slug: "demo", name: "Demo", isDemo: true } });
    const tool = await t.db.tool.create({ data: { workspaceId: ws.id, name: "forecast" } });
    await t.db.toolVersion.create({
      data: {
        toolId: tool.id,
        version: 1,
        source: "…",
        hasErrors: false,
        diagnostics: [],
        analysis: { sideEffecting: false, idempotent: true, requiresApproval: false },
      },
    });
    const agent = await t.db.agent.create({
      data: {
        workspaceId: ws.id,
        name: "atlas",
        // The agent-wide state: the active model; the roster and tools are version 1's.
        config: { model: { provider: "demo", model: "demo" } },
      },
    });
    await t.db.agentVersion.create({
      data: {
        agentId: agent.id,
        version: 1,
        config: {
          roster: [
            { provider: "demo", model: "demo" },
            { provider: "openai", model: "gpt-4o" },
          ],
          tools: [{ toolId: tool.id }],
        },
      },
    });
    await t.db.agentTool.create({ data: { agentId: agent.id, position: 0, kind: "tool", toolId: tool.id } });
    const conv = await t.db.conversation.create({ data: { workspaceId: ws.id, agentId: agent.id, title: "Weather" } });
    const run = await t.db.run.create({
      data: { conversationId: conv.id, agentId: agent.id, status: "suspended", stopReason: "awaiting_approval" },
    });
    await t.db.approval.create({
      data: {
        conversationId: conv.id,
        runId: run.id,
        toolCallId: "c1",
        toolName: "refund",
        arguments: { orderId: "A1", amount: 20 },
        argumentsHash: "h",
      },
    });

    const toolList = (await body(await tools(get("/api/tools")))).json.tools;
    expect(toolList).toEqual([
      expect.objectContaining({
        name: "forecast",
        latestVersion: 1,
        hasErrors: false,
        sideEffecting: false,
        idempotent: true,
        usedBy: 1,
      }),
    ]);
    const agentList = (await body(await agents(get("/api/agents")))).json.agents;
    expect(agentList).toEqual([
      expect.objectContaining({ name: "atlas", activeModel: "demo:demo", tools: 1, conversations: 1 }),
    ]);
    const convList = (await body(await conversations(get("/api/conversations")))).json.conversations;
    expect(convList).toEqual([
      expect.objectContaining({
        title: "Weather",
        agentName: "atlas",
        lastRunStatus: "suspended",
        pendingApprovals: 1,
      }),
    ]);
    const pending = (await body(await approvals(get("/api/approvals?status=pending")))).json;
    expect(pending.pendingCount).toBe(1);
    expect(pending.approvals[0]).toMatchObject({
      toolName: "refund",
      arguments: { orderId: "A1", amount: 20 },
      status: "pending",
    });
    expect((await body(await approvals(get("/api/approvals?status=decided")))).json.approvals).toEqual([]);
    expect((await body(await approvals(get("/api/approvals?status=pending&limit=0")))).json).toEqual({
      status: "pending",
      approvals: [],
      pendingCount: 1,
    });
    expect((await body(await runs(get("/api/runs")))).json.runs[0]).toMatchObject({
      status: "suspended",
      stopReason: "awaiting_approval",
    });
  });

  it("rejects a bad query with 400 naming the field", async () => {
    const res = await body(await approvals(get("/api/approvals?status=all")));
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues[0].path).toBe("status");
    expect((await usage(get("/api/usage/summary?groupBy=week"))).status).toBe(400);
    expect((await usage(get("/api/usage/summary?from=yesterday"))).status).toBe(400);
  });

  it("GET /api/usage/summary sums priced usage and every breakdown adds up to the total", async () => {
    const agentsRows = await t.db.agent.findMany();
    const agentId = agentsRows[0].id;
    const rec = (seq: number, over: Record<string, unknown>) =>
      withTime({
        conversationId: "c",
        eventSeq: seq,
        runId: "r1",
        rootRunId: "r1",
        agentId,
        provider: "openai",
        model: "gpt-4o",
        inputTokens: 1000,
        outputTokens: 200,
        totalTokens: 1200,
        costNanoUsd: 4_500_000n,
        priced: true,
        priceVersion: "test",
        day: "2026-11-28",
        ...over,
      });
    function withTime<T extends { day: string }>(r: T) {
      return { ...r, createdAt: new Date(`${r.day}T12:00:00Z`) };
    }
    await t.db.usageRecord.createMany({
      data: [
        rec(1, {}),
        rec(2, { day: "2026-11-29", runId: "r2", rootRunId: "r2" }),
        rec(3, {
          provider: "openai-compatible",
          model: "local-llama",
          costNanoUsd: 0n,
          priced: false,
          runId: "r2",
          rootRunId: "r2",
          day: "2026-11-29",
        }),
      ],
    });
    const totals = new Set<string>();
    for (const groupBy of ["model", "agent", "run", "day"]) {
      const { status, json } = await body(await usage(get(`/api/usage/summary?groupBy=${groupBy}`)));
      expect(status).toBe(200);
      const sum = json.rows.reduce((a: number, r: { totalTokens: number }) => a + r.totalTokens, 0);
      expect(sum).toBe(json.total.totalTokens);
      expect(json.total).toMatchObject({
        totalTokens: 3600,
        inputTokens: 3000,
        outputTokens: 600,
        unpricedTokens: 1200,
        events: 3,
      });
      expect(json.total.costNanoUsd).toBe(9_000_000);
      totals.add(JSON.stringify(json.total));
    }
    expect(totals.size).toBe(1);
    const byModel = (await body(await usage(get("/api/usage/summary?groupBy=model")))).json.rows;
    expect(byModel.map((r: { key: string; unpricedTokens: number }) => [r.key, r.unpricedTokens])).toEqual([
      ["openai:gpt-4o", 0],
      ["openai-compatible:local-llama", 1200],
    ]);
    const byAgent = (await body(await usage(get("/api/usage/summary?groupBy=agent")))).json.rows;
    expect(byAgent[0].label).toBe("atlas");
    const byDay = (await body(await usage(get("/api/usage/summary?groupBy=day&from=2026-11-29")))).json;
    expect(byDay.rows.map((r: { key: string }) => r.key)).toEqual(["2026-11-29"]);
  });

  it("answers a JSON 404 for an unknown API route, whatever the method", async () => {
    const res = await body(await unknownGet(get("/api/nothing/here")));
    expect(res).toEqual({
      status: 404,
      json: { error: { code: "not_found", message: "No API route GET /api/nothing/here." } },
    });
    const del = await unknownDelete(new Request("http://localhost/api/x", { method: "DELETE" }));
    expect(del.status).toBe(404);
  });
});
