/**
 * The webhook queue of queue mode on a real PostgreSQL (ATELIER_TEST_PG_URL; skipped without it):
 * a submitted delivery id reaches a worker's handler, a delayed one not before its back-off.
 */
import pg from "pg";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { PgBossWebhookQueue } from "./pg-boss-webhook-queue";

const server = process.env.ATELIER_TEST_PG_URL;
let url = "";
let drop = async () => {};

beforeAll(async () => {
  if (!server) return;
  const name = `atelier_whq_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  url = u.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  };
});
afterAll(async () => {
  await drop();
});

describe.skipIf(!server)("pg-boss webhook queue", () => {
  it("a web process submits, a worker attempts: at once, or after the back-off", { timeout: 60_000 }, async () => {
    const logger = createLogger({ level: "silent" });
    const web = new PgBossWebhookQueue(url, logger);
    const worker = new PgBossWebhookQueue(url, logger);
    const seen: Array<{ id: string; at: number }> = [];
    try {
      await worker.work(async (id) => void seen.push({ id, at: Date.now() }), 2);
      const t0 = Date.now();
      await web.submit("d-now", 0);
      await web.submit("d-later", 2500);
      for (const end = Date.now() + 30_000; seen.length < 2 && Date.now() < end;)
        await new Promise((r) => setTimeout(r, 100));
      expect(seen.map((s) => s.id)).toEqual(["d-now", "d-later"]);
      expect(seen[1].at - t0).toBeGreaterThanOrEqual(2000);
    } finally {
      await web.stop();
      await worker.stop();
    }
  });
});
