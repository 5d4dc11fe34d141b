import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { backoffMs, createRetryingFetch, HttpTimeoutError, isRetryableStatus, parseRetryAfter } from "./http-retry";

function fakeFetch(responses: Array<Response | Error>) {
  const calls: RequestInit[] = [];
  const fn = (async (_input: unknown, init?: RequestInit) => {
    calls.push(init ?? {});
    const next = responses.length > 1 ? responses.shift()! : responses[0];
    if (next instanceof Error) throw next;
    return next.clone();
  }) as typeof fetch;
  return { fn, calls };
}

describe("retry policy pieces", () => {
  it("retries 429 and 5xx only", () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });

  it("reads Retry-After as seconds, as an HTTP date, and retry-after-ms", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "7" }))).toBe(7000);
    expect(parseRetryAfter(new Headers({ "retry-after": "1.5" }))).toBe(1500);
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after": "Wed, 01 Jan 2025 00:00:30 GMT" }), now)).toBe(30_000);
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(parseRetryAfter(new Headers())).toBeNull();
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }))).toBeNull();
  });

  it("backs off exponentially with jitter, capped at 60 s", () => {
    const p = { backoffMultiplier: 0.5, backoffMax: 60 };
    expect([0, 1, 2, 3].map((n) => backoffMs(n, p, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(2, p, () => 0)).toBe(1000); // half of the base at the low end of the jitter
    expect(backoffMs(10, p, () => 1)).toBe(60_000);
    expect(backoffMs(30, p, () => 0.5)).toBeLessThanOrEqual(60_000);
  });
});

describe("createRetryingFetch", () => {
  const fast = { sleep: async () => undefined, random: () => 1 };

  it("gives up after maxRetries and returns the last answer", async () => {
    const { fn, calls } = fakeFetch([new Response("no", { status: 503 })]);
    const waits: number[] = [];
    const f = createRetryingFetch({ fetch: fn, sleep: async (ms) => void waits.push(ms), random: () => 1 });
    const res = await f("http://x/", { method: "POST", body: "{}" });
    expect(res.status).toBe(503);
    expect(calls).toHaveLength(6);
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it("caps a huge Retry-After", async () => {
    const { fn } = fakeFetch([
      new Response("", { status: 429, headers: { "retry-after": "86400" } }),
      new Response("ok"),
    ]);
    const waits: number[] = [];
    const f = createRetryingFetch({ fetch: fn, sleep: async (ms) => void waits.push(ms) });
    expect(await (await f("http://x/")).text()).toBe("ok");
    expect(waits).toEqual([300_000]);
  });

  it("retries network errors, never the caller's abort", async () => {
    const net = fakeFetch([new TypeError("fetch failed"), new Response("ok")]);
    expect(await (await createRetryingFetch({ ...fast, fetch: net.fn })("http://x/")).text()).toBe("ok");
    expect(net.calls).toHaveLength(2);
    const ac = new AbortController();
    ac.abort(new Error("user cancelled"));
    const aborted = fakeFetch([new Response("ok")]);
    await expect(
      createRetryingFetch({ ...fast, fetch: aborted.fn })("http://x/", { signal: ac.signal }),
    ).rejects.toThrow("user cancelled");
    expect(aborted.calls).toHaveLength(0);
  });

  it("does not retry a body it cannot send twice", async () => {
    const { fn, calls } = fakeFetch([new Response("", { status: 500 })]);
    const stream = new ReadableStream({ start: (c) => c.close() });
    const res = await createRetryingFetch({ ...fast, fetch: fn })("http://x/", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it("times out an attempt that gets no answer, retries it, and times out a stalled stream", async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      if (req.url === "/hang" && hits === 1) return; // never answers
      if (req.url === "/stall") {
        res.writeHead(200, { "content-type": "text/plain" });
        res.write("first chunk");
        return; // never ends
      }
      res.end("answered");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const f = createRetryingFetch({ ...fast, policy: { timeoutMs: 150 } });
      expect(await (await f(`${base}/hang`)).text()).toBe("answered");
      expect(hits).toBe(2);
      const noRetry = createRetryingFetch({ ...fast, policy: { timeoutMs: 150, maxRetries: 0 } });
      const res = await noRetry(`${base}/stall`);
      await expect(res.text()).rejects.toBeInstanceOf(HttpTimeoutError);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
