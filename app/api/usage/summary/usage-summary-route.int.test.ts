/**
 * GET /api/usage/summary through the route: a bad query is a 400 naming its field, and every
 * grouping answers its contract (the route checks its answer outside production).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import * as summary from "./route";

let t: TestDatabase;
const ADMIN = "usage-route-int-admin-token-0123456789";
const savedEnv = { ...process.env };

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
});
afterAll(async () => {
  process.env = savedEnv;
  await t?.cleanup();
});

const ask = (query: string) => callRoute(summary.GET, `/api/usage/summary${query}`, { bearer: ADMIN });

describe("GET /api/usage/summary", () => {
  it.each([
    ["?groupBy=week", "groupBy"],
    ["?from=yesterday", "from"],
    ["?from=2026-11-05&to=2026-11-04", "from"],
    ["?model=gpt-4o", "model"],
    ["?groupBy=run&stack=model", "stack"],
    ["?groupBy=run&limit=0", "limit"],
    ["?stack=day", "stack"],
    ["?groupBy=agentVersion", "agentId"],
  ])("%s is a 400 naming %s", async (query, field) => {
    const res = await ask(query);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual([field]);
  });

  it("answers every grouping on an empty studio: no rows, zero totals, the period and filters as applied", async () => {
    for (const query of [
      "",
      "?groupBy=agent&stack=model",
      "?groupBy=run&limit=5",
      "?groupBy=day&stack=agent",
      "?groupBy=agentVersion&agentId=a1",
    ]) {
      const res = await ask(query);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.rows).toEqual([]);
      expect(res.json.total).toMatchObject({ events: 0, totalTokens: 0, costNanoUsd: 0, pricing: "all" });
    }
    const bounded = await ask("?from=2026-11-01&to=2026-11-02&agentId=a1&model=openai:gpt-4o");
    expect(bounded.status).toBe(200);
    expect(bounded.json).toMatchObject({
      groupBy: "model",
      period: { from: "2026-11-01T00:00:00.000Z", to: "2026-11-03T00:00:00.000Z" },
      filters: { agentId: "a1", model: "openai:gpt-4o" },
      stack: null,
    });
  });
});
