import Database from "better-sqlite3";
import { expect, test } from "./fixtures";
import { startOwnStudio, type OwnStudio } from "./own-studio";

/**
 * Errors thrown inside the runtime keep their status on the production build. Next.js bundles the
 * route handlers and `instrumentation.ts` apart, and the process's runtime (agent loader, analyser)
 * is built by whichever loads first — at start, instrumentation — so its errors come from another
 * copy of lib/errors.ts than the route's. They were recognised with `instanceof` and answered 500;
 * they are recognised by their brand now (lib/errors.ts, `BrandedError.is`).
 *
 * Own studio (E2E_BRANDS_PORT): a bad agent config and a broken tool version are written straight
 * into its SQLite file, and `ATELIER_ANALYSIS_QUEUE=0` lets no analysis wait, so the analyser
 * refuses every one with its 429.
 */
const PORT = Number(process.env.E2E_BRANDS_PORT ?? 3125);
const TOKEN = "e2e-brands-admin-token-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };
let studio: OwnStudio | undefined;

test.beforeAll(async () => {
  studio = await startOwnStudio("brands", PORT, { ATELIER_ADMIN_TOKEN: TOKEN, ATELIER_ANALYSIS_QUEUE: "0" });
});

test.afterAll(() => studio?.stop());

function url(path: string) {
  return `${studio!.base}${path}`;
}

async function agentId(request: import("@playwright/test").APIRequestContext, name: string): Promise<string> {
  const res = await request.get(url("/api/agents"), { headers: auth });
  expect(res.status()).toBe(200);
  const agent = ((await res.json()).agents as Array<{ id: string; name: string }>).find((a) => a.name === name);
  expect(agent, `the demo agent '${name}'`).toBeTruthy();
  return agent!.id;
}

async function newConversation(request: import("@playwright/test").APIRequestContext, id: string): Promise<string> {
  const res = await request.post(url("/api/conversations"), { headers: auth, data: { agentId: id } });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

function sql(statement: string, ...params: unknown[]) {
  const db = new Database(studio!.dbFile);
  try {
    return db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

test("an agent with a bad stored config answers 422 AgentConfigError on read and on a message", async ({ request }) => {
  const id = await agentId(request, "atlas");
  const conversation = await newConversation(request, id);
  // The version the conversation runs no longer parses; the agent row is written too, as every change does.
  const broken = sql(
    `UPDATE "AgentVersion" SET config = ? WHERE "agentId" = ? AND version = (SELECT "latestVersion" FROM "Agent" WHERE id = ?)`,
    JSON.stringify({ model: 42 }),
    id,
    id,
  );
  expect(broken.changes).toBe(1);
  sql(
    `UPDATE "Agent" SET "updatedAt" = ? WHERE id = ?`,
    new Date(Date.now() + 1000).toISOString().replace("Z", "+00:00"),
    id,
  );

  const read = await request.get(url(`/api/agents/${id}`), { headers: auth });
  expect(read.status()).toBe(422);
  expect((await read.json()).error.code).toBe("AgentConfigError");

  // Thrown by the agent loader of the runtime instrumentation.ts built: the same error, the same status.
  const send = await request.post(url(`/api/conversations/${conversation}/messages`), {
    headers: auth,
    data: { content: "What is the population of Paris?" },
  });
  expect(send.status()).toBe(422);
  expect((await send.json()).error.code).toBe("AgentConfigError");
});

test("an agent whose tool version cannot run answers 409 AgentNotRunnableError from the runtime", async ({
  request,
}) => {
  const id = await agentId(request, "billing");
  const conversation = await newConversation(request, id);
  const broken = sql(
    `UPDATE "ToolVersion" SET "hasErrors" = 1 WHERE id IN (SELECT "toolVersionId" FROM "AgentTool" WHERE "agentId" = ?)`,
    id,
  );
  expect(broken.changes).toBeGreaterThan(0);

  const send = await request.post(url(`/api/conversations/${conversation}/messages`), {
    headers: auth,
    data: { content: "Refund order 1001" },
  });
  expect(send.status()).toBe(409);
  const body = await send.json();
  expect(body.error.code).toBe("AgentNotRunnableError");
  expect(body.error.message).toContain("cannot run");
});

test("a busy analyser answers 429 with Retry-After, not 500", async ({ request }) => {
  const res = await request.post(url("/api/tools/analyze"), {
    headers: auth,
    data: {
      source:
        "/** Adds two numbers and answers their sum. */\nexport default function add(a: number, b: number) { return a + b; }\n",
    },
  });
  expect(res.status()).toBe(429);
  expect((await res.json()).error.code).toBe("rate_limited");
  expect(Number(res.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
});
