/**
 * GET /api/conversations/{id}/events and the live streams, bounded: the JSON read is paged
 * (`limit`, `hasMore`, `nextAfter`), a live reader that falls `ATELIER_STREAM_BUFFER` bytes behind
 * is cut off with a last `event: error` frame naming the seq to reconnect from, and one user holds
 * at most `ATELIER_STREAMS_PER_USER` live streams (429 with Retry-After beyond).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authenticateAs } from "@/lib/api/testing/authenticate-as";
import { callRoute } from "@/lib/api/testing/call-route";
import type { Principal } from "@/lib/auth/roles";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import type { StoredEvent } from "@/lib/events/event-types";
import { parseSse, type SseFrame } from "@/lib/runs/testing/sse";
import { closeServer, server } from "@/lib/server/server";
import * as agents from "../../../agents/route";
import * as conversations from "../../route";
import * as messages from "../messages/route";
import * as events from "./route";

// Read when the process's server is built (its first use below).
const BUFFER = 64 * 1024;
process.env.ATELIER_STREAM_BUFFER = String(BUFFER);
process.env.ATELIER_STREAMS_PER_USER = "2";

let t: TestDatabase;
const ADMIN = "events-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let atlasId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

async function newConversation(agentId = atlasId): Promise<string> {
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: ADMIN });
  expect(c.status).toBe(201);
  return c.json.id;
}

/** Appends `n` stored user messages of about `size` characters each (and one run) straight to the log. */
async function appendFiller(conversationId: string, n: number, size = 20): Promise<StoredEvent[]> {
  const conv = await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
  const run = await t.db.run.create({
    data: { conversationId, agentId: conv.agentId, status: "completed", kind: "turn" },
  });
  const from = conv.lastSeq + 1;
  const rows = Array.from({ length: n }, (_, i) => ({
    conversationId,
    seq: from + i,
    runId: run.id,
    type: "LlmMessageEvent",
    payload: { role: "user", parts: [{ type: "text", text: `filler ${from + i} `.padEnd(size, "x") }] },
  }));
  await t.db.event.createMany({ data: rows });
  await t.db.conversation.update({ where: { id: conversationId }, data: { lastSeq: from + n - 1 } });
  const stored = await t.db.event.findMany({
    where: { conversationId, seq: { gte: from } },
    orderBy: { seq: "asc" },
  });
  return stored.map((r) => ({
    seq: r.seq,
    runId: r.runId,
    type: r.type,
    createdAt: r.createdAt.toISOString(),
    data: r.payload,
  })) as StoredEvent[];
}

const getEvents = (id: string, query: string) =>
  callRoute(events.GET, `/api/conversations/${id}/events${query}`, { params: { id }, bearer: ADMIN });

/** Opens a live tail (`Accept: text/event-stream`) and hands back the response unread. */
async function openTail(id: string, after = 0, auth: Record<string, string> = { authorization: `Bearer ${ADMIN}` }) {
  const req = new Request(`http://localhost:3000/api/conversations/${id}/events?after=${after}`, {
    headers: { host: "localhost:3000", accept: "text/event-stream", ...auth },
  });
  return events.GET(req, { params: Promise.resolve({ id }) });
}

/**
 * Reads a stream until it ends, `until` says enough, or `ms` pass; answers its frames, its size
 * and whether it ended.
 */
async function readFor(
  res: Response,
  ms: number,
  until: (frames: SseFrame[]) => boolean = () => false,
): Promise<{ frames: SseFrame[]; bytes: number; ended: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let text = "";
  let bytes = 0;
  let ended = false;
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const next = await Promise.race([reader.read(), new Promise<"late">((r) => setTimeout(() => r("late"), left))]);
    if (next === "late") break;
    if (next.done) {
      ended = true;
      break;
    }
    bytes += next.value.byteLength;
    text += decoder.decode(next.value, { stream: true });
    // Complete frames only; the rest waits for the next chunk.
    const end = text.lastIndexOf("\n\n") + 2;
    frames.push(...parseSse(text.slice(0, end)));
    text = text.slice(end);
    if (until(frames)) break;
  }
  if (!ended) await reader.cancel().catch(() => {});
  return { frames, bytes, ended };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seqs = (frames: SseFrame[]) => frames.filter((f) => f.id !== null).map((f) => f.id!);

describe("GET /api/conversations/{id}/events as JSON is paged", () => {
  it("answers at most `limit` events (default 1000) with hasMore and nextAfter, and pages through the log", async () => {
    const id = await newConversation();
    await appendFiller(id, 1203);
    const first = await getEvents(id, "");
    expect(first.status).toBe(200);
    expect(first.json.events).toHaveLength(1000);
    expect(first.json).toMatchObject({ lastSeq: 1203, hasMore: true, nextAfter: 1000 });
    const second = await getEvents(id, `?after=${first.json.nextAfter}`);
    expect(second.json.events.map((e: StoredEvent) => e.seq)).toEqual(Array.from({ length: 203 }, (_, i) => 1001 + i));
    expect(second.json).toMatchObject({ lastSeq: 1203, hasMore: false, nextAfter: 1203 });
    // Past the end: no events, nextAfter stays where it was asked.
    expect((await getEvents(id, "?after=1203")).json).toEqual({
      events: [],
      lastSeq: 1203,
      hasMore: false,
      nextAfter: 1203,
    });
    const small = await getEvents(id, "?after=10&limit=5");
    expect(small.json.events.map((e: StoredEvent) => e.seq)).toEqual([11, 12, 13, 14, 15]);
    expect(small.json).toMatchObject({ hasMore: true, nextAfter: 15 });
    // Exactly `limit` left: no further page.
    expect((await getEvents(id, "?after=1198&limit=5")).json).toMatchObject({ hasMore: false, nextAfter: 1203 });
    const max = await getEvents(id, "?limit=5000");
    expect(max.json.events).toHaveLength(1203);
  });

  it("refuses a limit outside 1…5000 with a 400 naming it", async () => {
    const id = await newConversation();
    for (const limit of ["0", "5001", "x"]) {
      const res = await getEvents(id, `?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(res.json.error.issues[0].path).toBe("limit");
    }
  });
});

describe("a live tail bounds what it holds for its reader", () => {
  it("cuts off a reader that does not keep up, with a last error frame naming the seq to reconnect from", async () => {
    const id = await newConversation();
    await appendFiller(id, 3);
    const res = await openTail(id);
    expect(res.status).toBe(200);
    await sleep(200); // the backlog (3 events) is handed over; the reader reads nothing
    const bus = server().bus;
    for (let i = 0; i < 200; i++)
      bus.publish(id, { type: "LlmTextDelta", runId: "r", delta: `${i} `.padEnd(4096, "y") });
    const read = await readFor(res, 3_000);
    expect(read.ended).toBe(true);
    // What was held: the buffer and the frame that found it full, never the 800 KB published.
    expect(read.bytes).toBeLessThan(BUFFER + 2 * 4200 + 1000);
    expect(seqs(read.frames)).toEqual([1, 2, 3]);
    const last = read.frames.at(-1)!;
    expect(last.event).toBe("error");
    expect(last.data.error).toMatchObject({ code: "StreamOverflow", after: 3 });
    expect(last.data.error.message).toMatch(/reconnect/i);
  });

  it("a reader cut off mid-run reconnects from the seq it was given and misses nothing", async () => {
    const id = await newConversation();
    await appendFiller(id, 3);
    const res = await openTail(id);
    await sleep(200);
    // 300 stored events of ~1 KB are written and published while the reader sleeps.
    const written = await appendFiller(id, 300, 1000);
    for (const e of written) server().bus.publish(id, e);
    const cut = await readFor(res, 3_000);
    expect(cut.ended).toBe(true);
    const frame = cut.frames.at(-1)!;
    expect(frame.event).toBe("error");
    const after = frame.data.error.after as number;
    const got = seqs(cut.frames);
    expect(after).toBe(got.at(-1));
    expect(after).toBeLessThan(303);
    const again = await readFor(await openTail(id, after), 5_000, (f) => seqs(f).includes(303));
    expect([...got, ...seqs(again.frames)]).toEqual(Array.from({ length: 303 }, (_, i) => i + 1));
    expect(again.frames.some((f) => f.event === "error")).toBe(false);
  });

  it("hands a backlog larger than the buffer to a reader that keeps up, without cutting it off", async () => {
    const id = await newConversation();
    await appendFiller(id, 400, 1000); // ~400 KB, six times the buffer
    const read = await readFor(await openTail(id), 10_000, (f) => seqs(f).includes(400));
    expect(seqs(read.frames)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    expect(read.frames.some((f) => f.event === "error")).toBe(false);
  });

  it("cuts off the POST …/messages stream of a reader that does not keep up; the log has the whole turn", async () => {
    const long = "A long answer. ".repeat(8_000); // 120 KB of text
    const created = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "talker",
        description: "Answers at length, to test what a stream holds for a slow reader.",
        prompt: { template: "You talk a lot.", params: {} },
        model: { provider: "scripted", model: "talk", script: [{ text: long }] },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = await newConversation(created.json.agent.id);
    const req = new Request(`http://localhost:3000/api/conversations/${id}/messages`, {
      method: "POST",
      headers: { host: "localhost:3000", authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "Tell me everything." }),
    });
    const res = await messages.POST(req, { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    // The turn finishes while the reader reads nothing.
    for (let i = 0; i < 200; i++) {
      const run = await t.db.run.findFirst({ where: { conversationId: id } });
      if (run && run.status !== "running") break;
      await sleep(25);
    }
    const read = await readFor(res, 3_000);
    expect(read.ended).toBe(true);
    expect(read.bytes).toBeLessThan(2 * BUFFER + 140_000);
    const last = read.frames.at(-1)!;
    expect(last.event).toBe("error");
    expect(last.data.error.code).toBe("StreamOverflow");
    const rest = await getEvents(id, `?after=${last.data.error.after}`);
    const types = rest.json.events.map((e: StoredEvent) => e.type);
    expect(types.at(-1)).toBe("RunFinished");
  });
});

describe("live streams per user", () => {
  const user = (id: string): Principal => ({ kind: "user", id, name: id, roles: ["operator"] });

  it("refuses a user's third live stream with 429 and Retry-After, other users are not affected, a closed one frees its slot", async () => {
    const id = await newConversation();
    await appendFiller(id, 2);
    authenticateAs(user("stream-user-a"));
    const a1 = await openTail(id, 0, {});
    const a2 = await openTail(id, 0, {});
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await openTail(id, 0, {});
    expect(a3.status).toBe(429);
    expect(a3.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await a3.json();
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toContain("ATELIER_STREAMS_PER_USER");
    // A message is a stream too: refused before the turn starts, nothing appended.
    const lastSeq = (await t.db.conversation.findUniqueOrThrow({ where: { id } })).lastSeq;
    const sent = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
      params: { id },
      body: { content: "hello" },
    });
    expect(sent.status).toBe(429);
    expect((await t.db.conversation.findUniqueOrThrow({ where: { id } })).lastSeq).toBe(lastSeq);

    authenticateAs(user("stream-user-b"));
    const b1 = await openTail(id, 0, {});
    expect(b1.status).toBe(200);
    await b1.body!.cancel();

    await a1.body!.cancel();
    authenticateAs(user("stream-user-a"));
    const a4 = await openTail(id, 0, {});
    expect(a4.status).toBe(200);
    await Promise.all([a2.body!.cancel(), a4.body!.cancel()]);
  });
});
