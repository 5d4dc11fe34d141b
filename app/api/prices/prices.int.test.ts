/**
 * Custom model prices end to end (docs/prices.md): the routes' validation, roles and audit; a
 * custom price pricing a model genai-prices does not know (the offline demo model) exactly at write
 * time; and `usage:reprice` applying entries to stored usage with the daily rollup following.
 */
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createUser } from "@/lib/auth/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_PRICE_NAME } from "@/lib/demo/demo-price";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { repriceUsage } from "@/lib/events/reprice-usage";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as conversations from "../conversations/route";
import * as messages from "../conversations/[id]/messages/route";
import * as summary from "../usage/summary/route";
import * as prices from "./route";
import * as price from "./[id]/route";

const FAST = fastPasswords();

let t: TestDatabase;
const ADMIN = "prices-int-admin-token-0123456789abcdef";
let viewer = "";
const savedEnv = { ...process.env };
let atlasId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
  const system = { kind: "system" as const, id: "system", name: "prices-test", roles: ["admin" as const] };
  const user = await createUser(
    t.db,
    system,
    { email: "viewer@prices.test", name: "Vi", password: "a long viewer password", roles: ["viewer"] },
    FAST,
  );
  viewer = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: user.roles },
      { name: "viewer", role: "viewer", expiresInDays: 1 },
    )
  ).token;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const entry = (over: Record<string, unknown> = {}) => ({
  provider: "openai-compatible",
  modelPattern: "my-llama-*",
  inputPerMTokNanoUsd: 200_000_000,
  outputPerMTokNanoUsd: 800_000_000,
  ...over,
});
const post = (body: unknown, bearer = ADMIN) => callRoute(prices.POST, "/api/prices", { body, bearer });

/** A demo turn's usage events (two model requests: a tool call, then the answer). */
async function demoTurn(content: string) {
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: atlasId }, bearer: ADMIN });
  expect(c.status).toBe(201);
  const id = c.json.id as string;
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content },
    bearer: ADMIN,
  });
  expect(res.status).toBe(200);
  const frames = parseSse(res.json).filter((f) => f.event === "LlmUsageEvent");
  return frames.map((f) => f.data.data as Record<string, number | string | boolean | null>);
}

/** Σ tokens × price / 1e6, rounded half up: what an entry's prices make of one usage. */
function expectedCost(u: Record<string, unknown>, p: { input: bigint; output: bigint; cacheRead?: bigint }) {
  const input = BigInt(u.inputTokens as number);
  const cacheRead = BigInt((u.cacheReadTokens as number) ?? 0);
  const cacheWrite = BigInt((u.cacheWriteTokens as number) ?? 0);
  const num =
    (input - cacheRead - cacheWrite) * p.input +
    cacheRead * (p.cacheRead ?? p.input) +
    cacheWrite * p.input +
    BigInt(u.outputTokens as number) * p.output;
  return Number((2n * num + 1_000_000n) / 2_000_000n);
}

describe("the /api/prices routes", () => {
  it("lists the demo price to any signed-in role", async () => {
    const res = await callRoute(prices.GET, "/api/prices", { bearer: viewer });
    expect(res.status).toBe(200);
    expect(res.json.prices).toEqual([
      expect.objectContaining({ name: DEMO_PRICE_NAME, provider: "demo", modelPattern: "demo", overrides: false }),
    ]);
  });

  it("refuses a viewer's change (403), a bad pattern or a negative price (400, naming the field)", async () => {
    expect((await post(entry(), viewer)).status).toBe(403);
    const field = (res: Awaited<ReturnType<typeof post>>) => {
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      return [...new Set(res.json.error.issues.map((i: { path: string }) => i.path))];
    };
    expect(field(await post(entry({ modelPattern: "two words" })))).toEqual(["modelPattern"]);
    expect(field(await post(entry({ modelPattern: "" })))).toEqual(["modelPattern"]);
    expect(field(await post(entry({ inputPerMTokNanoUsd: -1 })))).toEqual(["inputPerMTokNanoUsd"]);
    expect(field(await post(entry({ cacheReadPerMTokNanoUsd: -5 })))).toEqual(["cacheReadPerMTokNanoUsd"]);
    expect(field(await post(entry({ provider: "Open AI" })))).toEqual(["provider"]);
    expect(field(await post(entry({ validFrom: "soon" })))).toEqual(["validFrom"]);
    expect(await t.db.priceEntry.count()).toBe(1);
  });

  it("creates (201), reads, replaces and deletes an entry, each change audited", async () => {
    const created = await post(entry({ name: "lab vLLM", validFrom: "2026-01-01T00:00:00Z" }));
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.json).toMatchObject({
      priceVersion: `custom:${id}`,
      inputPerMTokNanoUsd: 200_000_000,
      cacheReadPerMTokNanoUsd: null,
    });
    const got = await callRoute(price.GET, `/api/prices/${id}`, { params: { id }, bearer: viewer });
    expect(got.json).toEqual(created.json);

    const put = (body: unknown, bearer = ADMIN) =>
      callRoute(price.PUT, `/api/prices/${id}`, { method: "PUT", params: { id }, body, bearer });
    expect((await put(entry(), viewer)).status).toBe(403);
    const replaced = await put(
      entry({ modelPattern: "my-llama-3*", cacheReadPerMTokNanoUsd: 50_000_000, overrides: true }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({
      modelPattern: "my-llama-3*",
      cacheReadPerMTokNanoUsd: 50_000_000,
      overrides: true,
      name: null,
      validFrom: "2026-01-01T00:00:00.000Z", // kept when not sent
    });

    const del = (bearer = ADMIN) =>
      callRoute(price.DELETE, `/api/prices/${id}`, { method: "DELETE", params: { id }, bearer });
    expect((await del(viewer)).status).toBe(403);
    expect((await del()).json).toEqual({ deleted: id });
    expect((await del()).status).toBe(404);
    const audit = await t.db.auditLog.findMany({
      where: { target: id },

      select: { action: true },
    });
    expect(audit.map((a) => a.action).sort()).toEqual(["price.create", "price.delete", "price.update"]);
  });
});

describe("pricing with custom entries", () => {
  it("prices the demo model at write time with the demo price, exactly, and a new entry from the next usage on", async () => {
    const demo = await t.db.priceEntry.findFirstOrThrow({ where: { name: DEMO_PRICE_NAME } });
    const first = await demoTurn("What is the population of Paris?");
    expect(first).toHaveLength(2);
    for (const u of first)
      expect(u).toMatchObject({
        provider: "demo",
        model: "demo",
        priced: true,
        priceVersion: `custom:${demo.id}`,
        costNanoUsd: expectedCost(u, { input: 1_000_000_000n, output: 4_000_000_000n, cacheRead: 100_000_000n }),
      });
    expect(first.every((u) => (u.costNanoUsd as number) > 0)).toBe(true);

    // A more specific… no: an equally specific entry valid later wins; the cache is reloaded by the create.
    const created = await post(
      entry({
        provider: "demo",
        modelPattern: "demo",
        inputPerMTokNanoUsd: 7_000_000_001,
        outputPerMTokNanoUsd: 3,
        validFrom: new Date(Date.now() - 1000).toISOString(),
      }),
    );
    expect(created.status).toBe(201);
    const second = await demoTurn("How many people live in Berlin?");
    for (const u of second)
      expect(u).toMatchObject({
        priced: true,
        priceVersion: `custom:${created.json.id}`,
        costNanoUsd: expectedCost(u, { input: 7_000_000_001n, output: 3n }),
      });
    const records = await t.db.usageRecord.findMany({ where: { priceVersion: `custom:${created.json.id}` } });
    expect(records.map((r) => Number(r.costNanoUsd))).toEqual(second.map((u) => u.costNanoUsd));

    // The usage summary names the entries with a name that priced its figures.
    const sum = await callRoute(summary.GET, "/api/usage/summary?groupBy=model", { bearer: viewer });
    expect(sum.json.total.priceNames).toEqual([DEMO_PRICE_NAME]);
    expect(sum.json.rows[0]).toMatchObject({ key: "demo:demo", priceNames: [DEMO_PRICE_NAME] });
  });

  it("usage:reprice applies the entries to stored usage, the runs and the daily rollup following", async () => {
    const demo = await t.db.priceEntry.findFirstOrThrow({ where: { name: DEMO_PRICE_NAME } });
    const sums = async () => {
      const rec = await t.db.usageRecord.aggregate({ _sum: { costNanoUsd: true } });
      const roll = await t.db.usageDailyRollup.aggregate({ _sum: { costNanoUsd: true } });
      const runs = await t.db.run.aggregate({ _sum: { costNanoUsd: true } });
      return {
        records: rec._sum.costNanoUsd ?? 0n,
        rollup: roll._sum.costNanoUsd ?? 0n,
        runs: runs._sum.costNanoUsd ?? 0n,
      };
    };
    // Delete the later entry: stored usage keeps its price until a reprice.
    const later = await t.db.priceEntry.findFirstOrThrow({ where: { NOT: { id: demo.id } } });
    await callRoute(price.DELETE, `/api/prices/${later.id}`, {
      method: "DELETE",
      params: { id: later.id },
      bearer: ADMIN,
    });
    expect(await t.db.usageRecord.count({ where: { priceVersion: `custom:${later.id}` } })).toBe(2);

    // And mark everything unpriced, as if recorded before any entry existed.
    await t.db.usageRecord.updateMany({ data: { costNanoUsd: 0n, priced: false, priceVersion: null } });
    expect((await sums()).rollup).toBe(0n);

    const result = await repriceUsage(t.db);
    expect(result.changed).toBe(await t.db.usageRecord.count());
    const rows = await t.db.usageRecord.findMany();
    for (const r of rows)
      expect({ priced: r.priced, priceVersion: r.priceVersion, cost: Number(r.costNanoUsd) }).toEqual({
        priced: true,
        priceVersion: `custom:${demo.id}`,
        cost: expectedCost(
          {
            inputTokens: r.inputTokens,
            outputTokens: r.outputTokens,
            cacheReadTokens: r.cacheReadTokens,
            cacheWriteTokens: r.cacheWriteTokens,
          },
          { input: 1_000_000_000n, output: 4_000_000_000n, cacheRead: 100_000_000n },
        ),
      });
    const after = await sums();
    expect(after.records).toBeGreaterThan(0n);
    expect(after.rollup).toBe(after.records);
    expect(after.runs).toBe(after.records);
    expect(await t.db.usageDailyRollup.count({ where: { priced: false } })).toBe(0);
    expect((await repriceUsage(t.db)).changed).toBe(0);
  });
});
