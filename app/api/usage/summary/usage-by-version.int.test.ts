/**
 * Comparing an agent's versions' cost (GET /api/usage/summary?groupBy=agentVersion&agentId=…):
 * turns run through the routes at two versions of atlas record their usage under the run's
 * version, a manual compaction under the conversation's; the breakdown answers each version's
 * runs, tokens and cost (the demo model unpriced, never $0), and refuses to run without agentId.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import * as agent from "../../agents/[id]/route";
import * as conversations from "../../conversations/route";
import * as messages from "../../conversations/[id]/messages/route";
import * as compact from "../../conversations/[id]/compact/route";
import * as summary from "./route";

let t: TestDatabase;
const ADMIN = "usage-by-version-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let atlasId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  // Without the demo price (docs/prices.md) the demo model has no price data: the unpriced case.
  await t.db.priceEntry.deleteMany();
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const ask = (query: string) => callRoute(summary.GET, `/api/usage/summary${query}`, { bearer: ADMIN });

async function conversationAt(version: number): Promise<string> {
  const c = await callRoute(conversations.POST, "/api/conversations", {
    body: { agentId: atlasId, version },
    bearer: ADMIN,
  });
  expect(c.status).toBe(201);
  return c.json.id;
}
async function send(id: string, content: string) {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content },
    bearer: ADMIN,
  });
  expect(res.status).toBe(200);
}
async function compactNow(id: string) {
  const res = await callRoute(compact.POST, `/api/conversations/${id}/compact`, {
    params: { id },
    method: "POST",
    bearer: ADMIN,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

describe("usage by agent version", () => {
  it("records usage under the run's version (outside runs, the conversation's) and compares the versions", async () => {
    const view = (await callRoute(agent.GET, `/api/agents/${atlasId}`, { params: { id: atlasId }, bearer: ADMIN })).json
      .agent;
    const saved = await callRoute(agent.PUT, `/api/agents/${atlasId}`, {
      params: { id: atlasId },
      method: "PUT",
      body: { ...view, prompt: { ...view.prompt, template: `${view.prompt.template} Answer briefly.` } },
      bearer: ADMIN,
    });
    expect(saved.json.agent.version).toBe(view.version + 1);
    const [v1, v2] = [view.version as number, saved.json.agent.version as number];

    const a = await conversationAt(v1);
    await send(a, "What is the population of Paris?");
    const b = await conversationAt(v2);
    await send(b, "What is the population of Berlin?");
    await send(b, "And of Tokyo?");
    await compactNow(a); // outside any run: the conversation's version

    const records = await t.db.usageRecord.findMany({ where: { agentId: atlasId } });
    const runs = new Map(
      (await t.db.run.findMany({ where: { agentId: atlasId } })).map((r) => [r.id, r.agentVersion ?? 1]),
    );
    expect(records.length).toBeGreaterThan(4);
    for (const r of records)
      expect(r.agentVersion, `record of run '${r.runId}'`).toBe(r.runId === "" ? v1 : runs.get(r.runId));
    expect(records.some((r) => r.runId === "")).toBe(true);
    expect(new Set(records.map((r) => r.agentVersion))).toEqual(new Set([v1, v2]));

    // A priced usage per version (the demo model has no price data), on runs of that version.
    const runOf = (v: number) => [...runs].find(([, version]) => version === v)![0];
    for (const [version, cost] of [
      [v1, 1_000],
      [v2, 5_000],
    ] as const)
      await t.db.usageRecord.create({
        data: {
          conversationId: version === v1 ? a : b,
          eventSeq: 10_000 + version,
          runId: runOf(version),
          rootRunId: runOf(version),
          agentId: atlasId,
          agentVersion: version,
          provider: "openai",
          model: "gpt-4o",
          inputTokens: 90,
          outputTokens: 10,
          totalTokens: 100,
          costNanoUsd: BigInt(cost),
          priced: true,
          day: new Date().toISOString().slice(0, 10),
        },
      });

    const res = await ask(`?groupBy=agentVersion&agentId=${atlasId}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const all = await t.db.usageRecord.findMany({ where: { agentId: atlasId } });
    const tokensOf = (v: number) => all.filter((r) => r.agentVersion === v).reduce((n, r) => n + r.totalTokens, 0);
    expect(res.json.groupBy).toBe("agentVersion");
    expect(res.json.rows).toMatchObject([
      { key: String(v1), label: `v${v1}`, runCount: 1, costNanoUsd: 1_000, pricing: "some", totalTokens: tokensOf(v1) },
      { key: String(v2), label: `v${v2}`, runCount: 2, costNanoUsd: 5_000, pricing: "some", totalTokens: tokensOf(v2) },
    ]);
    expect(res.json.total).toMatchObject({ costNanoUsd: 6_000, totalTokens: tokensOf(v1) + tokensOf(v2) });

    // Only the demo model: each version's usage is unpriced, never $0.
    const demo = await ask(`?groupBy=agentVersion&agentId=${atlasId}&model=demo:demo&stack=model`);
    expect(demo.status).toBe(200);
    expect(demo.json.rows.map((r: { pricing: string; runCount: number }) => [r.pricing, r.runCount])).toEqual([
      ["none", 1],
      ["none", 2],
    ]);
  });

  it("is a 400 without agentId, saying why", async () => {
    const res = await ask("?groupBy=agentVersion");
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues).toMatchObject([
      { path: "agentId", message: expect.stringContaining("groupBy=agentVersion compares the versions of one agent") },
    ]);
  });
});
