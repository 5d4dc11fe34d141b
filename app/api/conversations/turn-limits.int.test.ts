/**
 * Per-principal limits on starting turns (#23 item 7), through the routes: new conversations and
 * messages per minute, and turns running at once; 429 `rate_limited` with Retry-After beyond them,
 * nothing created or appended, another principal untouched. The defaults let one token post 50
 * conversations at once and a message in each (the run-loop benchmark's burst).
 */
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callRoute, TEST_ORIGIN } from "@/lib/api/testing/call-route";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { createAgent } from "@/lib/agents/save-agent";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import type { RunDeps } from "@/lib/runs/engine/ports";
import { parseSse } from "@/lib/runs/testing/sse";
import { DEFAULT_TURN_LIMITS, perMinute } from "@/lib/runs/use-cases/turn-limits";
import { closeServer, readyRunRuntime, server } from "@/lib/server/server";
import * as conversations from "./route";
import * as messages from "./[id]/messages/route";
import * as mcp from "../mcp/route";

let t: TestDatabase;
let agentId = "";
const tokens: Record<"alice" | "bob", string> = { alice: "", bob: "" };
let realModels: RunDeps["models"];

beforeAll(async () => {
  t = await createTestDatabase();
  for (const name of ["alice", "bob"] as const) {
    const user = await t.db.user.create({
      data: { email: `${name}@limits.test`, name, passwordHash: "x", roles: "operator" },
    });
    tokens[name] = (
      await createApiToken(
        t.db,
        { kind: "user", id: user.id, name, roles: ["operator"] },
        { name, role: "operator", expiresInDays: 1 },
      )
    ).token;
  }
  agentId = (await createAgent(t.db, AgentInput.parse({ name: "chatty", model: { provider: "demo", model: "demo" } })))
    .id;
  realModels = (await readyRunRuntime()).deps.models;
});
afterEach(async () => {
  const { limits } = server();
  limits.conversations.configure(perMinute(DEFAULT_TURN_LIMITS.conversationsPerMinute));
  limits.messages.configure(perMinute(DEFAULT_TURN_LIMITS.messagesPerMinute));
  limits.turns.configure(DEFAULT_TURN_LIMITS.turnsPerUser);
  (await readyRunRuntime()).deps.models = realModels;
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

const create = (who: keyof typeof tokens) =>
  callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: tokens[who] });
const newConversation = async (who: keyof typeof tokens) => (await create(who)).json.id as string;
const send = (who: keyof typeof tokens, id: string) =>
  callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content: "Hello there." },
    bearer: tokens[who],
  });
/** Sends a message and answers the streaming Response at once (the turn runs on). */
const start = (who: keyof typeof tokens, id: string) =>
  messages.POST(
    new Request(`${TEST_ORIGIN}/api/conversations/${id}/messages`, {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/json", authorization: `Bearer ${tokens[who]}` },
      body: JSON.stringify({ content: "Hello there." }),
    }),
    { params: Promise.resolve({ id }) },
  );
const lastSeq = async (id: string) => (await t.db.conversation.findUniqueOrThrow({ where: { id } })).lastSeq;

/** A model whose every answer waits until `open()`. */
function gatedModel() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const model = new MockLanguageModelV3({
    provider: "mock",
    modelId: "gated",
    doStream: async () => {
      await gate;
      const usage = {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      };
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(c) {
            c.enqueue({ type: "stream-start", warnings: [] });
            c.enqueue({ type: "text-start", id: "t" });
            c.enqueue({ type: "text-delta", id: "t", delta: "Done." });
            c.enqueue({ type: "text-end", id: "t" });
            c.enqueue({ type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } });
            c.close();
          },
        }),
      };
    },
  });
  return { model, open };
}

describe("new conversations per minute", () => {
  it("answers 429 with Retry-After once a user's allowance is spent, creating nothing; another user is untouched", async () => {
    server().limits.conversations.configure({ capacity: 2, refillPerSecond: 1 / 60 });
    expect((await create("alice")).status).toBe(201);
    expect((await create("alice")).status).toBe(201);
    const before = await t.db.conversation.count();
    const limited = await create("alice");
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: 60 });
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await t.db.conversation.count()).toBe(before);
    expect((await create("bob")).status).toBe(201);
  });
});

describe("messages per minute", () => {
  it("answers 429 with Retry-After once a user's allowance is spent, appending nothing; another user is untouched", async () => {
    const [a, b, c] = [await newConversation("alice"), await newConversation("alice"), await newConversation("bob")];
    server().limits.messages.configure({ capacity: 1, refillPerSecond: 1 / 30 });
    expect((await send("alice", a)).status).toBe(200);
    const limited = await send("alice", b);
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: 30 });
    expect(limited.headers.get("retry-after")).toBe("30");
    expect(await lastSeq(b)).toBe(0);
    expect((await send("bob", c)).status).toBe(200);
  });
});

describe("turns running at once", () => {
  it("refuses a user's next turn while it runs as many as it may, and accepts it once one is over", async () => {
    const gated = gatedModel();
    (await readyRunRuntime()).deps.models = () => gated.model;
    server().limits.turns.configure(1);
    const [a, b, c] = [await newConversation("alice"), await newConversation("alice"), await newConversation("bob")];

    const first = await start("alice", a);
    expect(first.status).toBe(200);
    const limited = await send("alice", b);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe("rate_limited");
    expect(limited.json.error.message).toMatch(/1 turn running already/);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await lastSeq(b)).toBe(0);
    // Another user's turn is not held back by alice's.
    const bobs = await start("bob", c);
    expect(bobs.status).toBe(200);

    gated.open();
    expect(parseSse(await first.text()).at(-1)!.event).toBe("RunFinished");
    await bobs.text();
    expect((await send("alice", b)).status).toBe(200);
  });

  it("releases the slot of a message that is refused (409 RunInProgress, 404)", async () => {
    const gated = gatedModel();
    (await readyRunRuntime()).deps.models = () => gated.model;
    server().limits.turns.configure(2);
    const [a, b] = [await newConversation("alice"), await newConversation("alice")];
    expect((await send("alice", "no-such-conversation")).status).toBe(404);
    const first = await start("alice", a);
    expect(first.status).toBe(200);
    expect((await send("alice", a)).status).toBe(409);
    // Neither refusal kept a slot: the second of alice's two may still start.
    const second = await start("alice", b);
    expect(second.status).toBe(200);
    expect(server().limits.turns.count((await t.db.user.findFirstOrThrow({ where: { name: "alice" } })).id)).toBe(2);
    gated.open();
    await Promise.all([first.text(), second.text()]);
  });
});

describe("asking an agent over MCP (ask_<agent>)", () => {
  /** One tools/call of ask_chatty on /api/mcp as `who`: the tool result. */
  const ask = async (who: keyof typeof tokens) => {
    const res = await mcp.POST(
      new Request(`${TEST_ORIGIN}/api/mcp`, {
        method: "POST",
        headers: {
          host: "localhost:3000",
          authorization: `Bearer ${tokens[who]}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-06-18",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "ask_chatty", arguments: { task: "Hello there." } },
        }),
      }),
    );
    return ((await res.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } }).result;
  };

  it("spends the same allowances: a new conversation, a message and a running-turn slot", async () => {
    server().limits.messages.configure({ capacity: 0, refillPerSecond: 1 / 60 });
    const before = await t.db.conversation.count();
    const refused = await ask("alice");
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/Too many message requests; try again in 60 s/);
    expect(await t.db.conversation.count()).toBe(before);

    server().limits.messages.configure(perMinute(DEFAULT_TURN_LIMITS.messagesPerMinute));
    const gated = gatedModel();
    (await readyRunRuntime()).deps.models = () => gated.model;
    server().limits.turns.configure(1);
    const running = await start("alice", await newConversation("alice"));
    const busy = await ask("alice");
    expect(busy.content[0].text).toMatch(/1 turn running already/);
    gated.open();
    await running.text();
    expect((await ask("alice")).isError).toBeFalsy();
  });
});

describe("the defaults", () => {
  it("let one token post 50 conversations at once and a message in each", async () => {
    const created = await Promise.all(Array.from({ length: 50 }, () => create("alice")));
    expect(created.map((r) => r.status)).toEqual(Array(50).fill(201));
    const sent = await Promise.all(created.map((r) => send("alice", r.json.id)));
    expect(sent.map((r) => r.status)).toEqual(Array(50).fill(200));
    for (const r of sent) expect(parseSse(r.json).at(-1)!.data.data.status).toBe("completed");
  });
});
