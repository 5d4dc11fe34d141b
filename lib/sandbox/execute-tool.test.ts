/**
 * The sandbox core, driven with hand-built call plans (no argument/output validation here).
 */
import { describe, expect, it } from "vitest";
import type { CallPlan } from "../tools/tool-types";
import { executeTool, type ExecuteToolRequest } from "./execute-tool";
import { startSandboxTestbed } from "./testing/sandbox-testbed";

const testbed = startSandboxTestbed();

const positional = (...names: string[]): CallPlan => ({
  style: "positional",
  params: names.map((name) => ({ name })),
  ctx: null,
  acceptsExtra: false,
});

/** A tool whose body is `body`, with the given parameter list. */
function toolSource(params: string, body: string, options = "{ sideEffecting: false }"): string {
  return `import { tool, type RunContext } from "atelier";\n\nexport default tool(${options}, async function t(${params}) {\n${body}\n});\n`;
}

function run(partial: Partial<ExecuteToolRequest> & { source: string }) {
  return executeTool({
    name: "t",
    call: positional(),
    args: {},
    pool: testbed.pool,
    owner: "execute-test",
    ...partial,
  });
}

describe("results", () => {
  it("calls the body with positional arguments in declared order", async () => {
    const out = await run({
      source: toolSource("a: number, b: string", "return `${b}:${a}`;"),
      call: positional("a", "b"),
      args: { b: "x", a: 2 },
    });
    expect(out).toMatchObject({ ok: true, result: "x:2" });
    expect(out.durationMs).toBeGreaterThan(0);
  });

  it("lets defaults apply to missing optional arguments", async () => {
    const out = await run({
      source: toolSource("city: string, days: number = 3", "return `${city}:${days}`;"),
      call: positional("city", "days"),
      args: { city: "Lisbon" },
    });
    expect(out).toMatchObject({ ok: true, result: "Lisbon:3" });
  });

  it("calls a destructured body with an object, passing extras only when accepted", async () => {
    const source = toolSource(
      "{ query, ...filters }: { query: string; [k: string]: unknown }",
      "return { query, filters: Object.keys(filters).sort() };",
    );
    const plan: CallPlan = { style: "object", params: [{ name: "query" }], ctx: null, acceptsExtra: true };
    const out = await run({ source, call: plan, args: { query: "boots", colour: "red", size: 42 } });
    expect(out).toMatchObject({ ok: true, result: { query: "boots", filters: ["colour", "size"] } });
    const closed = await run({
      source,
      call: { ...plan, acceptsExtra: false },
      args: { query: "boots", colour: "red" },
    });
    expect(closed).toMatchObject({ ok: true, result: { query: "boots", filters: [] } });
  });

  it("serialises the result as JSON (undefined -> null, Set -> array, Date -> ISO)", async () => {
    expect(await run({ source: toolSource("", "return undefined;") })).toMatchObject({ ok: true, result: null });
    expect(
      await run({ source: toolSource("", "return { s: new Set([1, 2]), d: new Date(0), f: () => 1 };") }),
    ).toMatchObject({
      ok: true,
      result: { s: [1, 2], d: "1970-01-01T00:00:00.000Z" },
    });
  });

  it("works with a synchronous body too", async () => {
    const source = `import { tool } from "atelier";\nexport default tool({ sideEffecting: false }, function add(a: number, b: number) { return a + b; });\n`;
    expect(await run({ source, call: positional("a", "b"), args: { a: 1, b: 2 } })).toMatchObject({
      ok: true,
      result: 3,
    });
  });

  it("captures console output as logs, bounded", async () => {
    const out = await run({
      source: toolSource(
        "",
        'console.log("hi", { a: 1 }, [2]); console.warn("careful"); console.error(new TypeError("bad")); return 1;',
      ),
    });
    expect(out.logs).toEqual([
      { level: "log", message: 'hi {"a":1} [2]' },
      { level: "warn", message: "careful" },
      { level: "error", message: "TypeError: bad" },
    ]);
    const flood = await run({
      source: toolSource(
        "",
        'for (let i = 0; i < 1000; i++) console.log("line " + i + " " + "z".repeat(100)); return 1;',
      ),
      limits: { maxLogEntries: 10 },
    });
    expect(flood.ok).toBe(true);
    expect(flood.logs).toHaveLength(11);
    expect(flood.logs.at(-1)?.message).toMatch(/990 more log line\(s\) dropped/);
  });
});

describe("arguments arrive deeply frozen and converted", () => {
  it("mutating an argument throws a TypeError the caller sees", async () => {
    const out = await run({
      source: toolSource("opts: { tags: string[] }", "opts.tags.push('x');\nreturn opts;"),
      call: positional("opts"),
      args: { opts: { tags: ["a"] } },
    });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.type).toBe("ToolExecutionError");
      expect(out.error.errorName).toBe("TypeError");
      expect(out.error.message).toMatch(/TypeError/);
      expect(out.error.line).toBe(4);
    }
    const assign = await run({
      source: toolSource("opts: { n: number }", "opts.n = 2; return opts;"),
      call: positional("opts"),
      args: { opts: { n: 1 } },
    });
    expect(assign).toMatchObject({ ok: false, error: { type: "ToolExecutionError", errorName: "TypeError" } });
    const destructured = await run({
      source: toolSource("args: { q: string }", "(args as any).q = 'changed'; return args.q;"),
      call: { style: "object", params: [{ name: "q" }], ctx: null, acceptsExtra: false },
      args: { q: "orig" },
    });
    expect(destructured).toMatchObject({ ok: false, error: { errorName: "TypeError" } });
  });

  it("a copy can be edited", async () => {
    const out = await run({
      source: toolSource("opts: { tags: string[] }", "const c = { ...opts, tags: [...opts.tags, 'b'] }; return c;"),
      call: positional("opts"),
      args: { opts: { tags: ["a"] } },
    });
    expect(out).toMatchObject({ ok: true, result: { tags: ["a", "b"] } });
  });

  it("Set and Date parameters arrive as such, and frozen", async () => {
    const plan: CallPlan = {
      style: "positional",
      params: [
        { name: "ids", convert: "set" },
        { name: "when", convert: "date" },
      ],
      ctx: null,
      acceptsExtra: false,
    };
    const out = await run({
      source: toolSource(
        "ids: Set<string>, when: Date",
        "return { isSet: ids instanceof Set, has: ids.has('b'), size: ids.size, isDate: when instanceof Date, year: when.getUTCFullYear() };",
      ),
      call: plan,
      args: { ids: ["a", "b"], when: "2024-05-01T10:00:00Z" },
    });
    expect(out).toMatchObject({ ok: true, result: { isSet: true, has: true, size: 2, isDate: true, year: 2024 } });
    const addToSet = await run({
      source: toolSource("ids: Set<string>", "ids.add('c'); return 1;"),
      call: { ...plan, params: [{ name: "ids", convert: "set" }] },
      args: { ids: ["a"] },
    });
    expect(addToSet).toMatchObject({
      ok: false,
      error: { errorName: "TypeError", message: expect.stringMatching(/frozen/) },
    });
    const setDate = await run({
      source: toolSource("when: Date", "when.setFullYear(1999); return 1;"),
      call: { ...plan, params: [{ name: "when", convert: "date" }] },
      args: { when: "2024-05-01T10:00:00Z" },
    });
    expect(setDate).toMatchObject({ ok: false, error: { errorName: "TypeError" } });
  });
});

describe("Map parameters", () => {
  it("arrive as a frozen Map built from the object's entries", async () => {
    const call: CallPlan = {
      style: "positional",
      params: [{ name: "prices", convert: "map" }],
      ctx: null,
      acceptsExtra: false,
    };
    const source = toolSource(
      "prices: Map<string, number>",
      "return { isMap: prices instanceof Map, a: prices.get('a'), size: prices.size };",
    );
    expect(await run({ source, call, args: { prices: { a: 1, b: 2 } } })).toMatchObject({
      ok: true,
      result: { isMap: true, a: 1, size: 2 },
    });
    const mutate = await run({
      source: toolSource("prices: Map<string, number>", "prices.set('c', 3); return 1;"),
      call,
      args: { prices: { a: 1 } },
    });
    expect(mutate).toMatchObject({
      ok: false,
      error: { errorName: "TypeError", message: expect.stringMatching(/frozen/) },
    });
  });
});

describe("ctx", () => {
  const withCtx = (index: number, ...names: string[]): CallPlan => ({
    ...positional(...names),
    ctx: { name: "ctx", index },
  });

  it("is injected at its index with scope and runId, empty in a test run", async () => {
    const source = toolSource(
      "prefix: string, ctx: RunContext",
      "return [ctx.scope.agentId, ctx.scope.conversationId, ctx.scope.runId, ctx.runId, prefix];",
    );
    expect(await run({ source, call: withCtx(1, "prefix"), args: { prefix: "web" } })).toMatchObject({
      ok: true,
      result: ["", "", "", "", "web"],
    });
    const live = await run({
      source,
      call: withCtx(1, "prefix"),
      args: { prefix: "web" },
      context: { agentId: "a1", conversationId: "c1", runId: "r1" },
    });
    expect(live).toMatchObject({ ok: true, result: ["a1", "c1", "r1", "r1", "web"] });
  });

  it("carries the declared connections, the conversation's context and the user, frozen; empty in a test run", async () => {
    const source = toolSource(
      "ctx: RunContext",
      "let refused = false; try { (ctx.context as any).plan = 'hacked'; } catch { refused = true; } return [ctx.connections.weather && ctx.connections.weather.apiKey, ctx.context.plan, ctx.user && ctx.user.roles.join(','), refused && Object.isFrozen(ctx.connections.weather || {})];",
    );
    const live = await run({
      source,
      call: withCtx(0),
      args: {},
      context: {
        connections: { weather: { apiKey: "k-123456789" } },
        values: { plan: "pro" },
        user: { id: "u1", roles: ["operator"] },
      },
    });
    expect(live).toMatchObject({ ok: true, result: ["k-123456789", "pro", "operator", true] });
    const empty = await run({
      source: toolSource("ctx: RunContext", "return [ctx.connections, ctx.context, ctx.user];"),
      call: withCtx(0),
      args: {},
    });
    expect(empty).toMatchObject({ ok: true, result: [{}, {}, null] });
  });

  it("is not there when the plan does not inject it", async () => {
    const out = await run({
      source: toolSource("a: string, ctx?: any", "return typeof ctx;"),
      call: positional("a"),
      args: { a: "x" },
    });
    expect(out).toMatchObject({ ok: true, result: "undefined" });
  });

  it("emit collects events numbered from the caller's start, advancing only on emit", async () => {
    const source = toolSource(
      "n: number, ctx: RunContext",
      "for (let i = 0; i < n; i++) ctx.emit({ step: i });\nreturn n;",
    );
    const three = await run({ source, call: withCtx(1, "n"), args: { n: 3 }, context: { toolSeqStart: 10 } });
    expect(three.events).toEqual([
      { seq: 10, payload: { step: 0 } },
      { seq: 11, payload: { step: 1 } },
      { seq: 12, payload: { step: 2 } },
    ]);
    const none = await run({ source, call: withCtx(1, "n"), args: { n: 0 }, context: { toolSeqStart: 10 } });
    expect(none.events).toEqual([]);
  });

  it("events emitted before a failure are still returned", async () => {
    const out = await run({
      source: toolSource("ctx: RunContext", "ctx.emit({ started: true });\nthrow new Error('later');"),
      call: withCtx(0),
    });
    expect(out).toMatchObject({ ok: false, events: [{ seq: 0, payload: { started: true } }] });
  });

  it("ctx is frozen", async () => {
    const out = await run({
      source: toolSource("ctx: RunContext", "(ctx as any).runId = 'x'; return 1;"),
      call: withCtx(0),
    });
    expect(out).toMatchObject({ ok: false, error: { errorName: "TypeError" } });
  });
});

describe("errors", () => {
  it("a thrown error becomes ToolExecutionError with the message and the author's line", async () => {
    const source = `import { tool } from "atelier";

type Unit = "c" | "f";
interface Big { a: number; b: string }

export default tool({ sideEffecting: false }, function boom(city: string) {
  const n: number = city.length;
  if (n > 0) {
    throw new RangeError("city too long: " + city);
  }
  return n;
});
`;
    const out = await run({ source, call: positional("city"), args: { city: "Lisbon" } });
    expect(out).toMatchObject({
      ok: false,
      error: {
        type: "ToolExecutionError",
        line: 9,
        errorName: "RangeError",
        message: "tool 't' raised RangeError: city too long: Lisbon (line 9)",
      },
    });
  });

  it("a rejected promise and a thrown non-Error are reported too", async () => {
    expect(await run({ source: toolSource("", "await Promise.resolve(); throw 'plain string';") })).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringContaining("plain string") },
    });
  });

  it("a TypeError from the runtime names the line", async () => {
    const out = await run({ source: toolSource("", "const o: any = null;\nreturn o.x;") });
    expect(out).toMatchObject({ ok: false, error: { type: "ToolExecutionError", errorName: "TypeError", line: 5 } });
  });

  it("a module whose default export is not a tool() call", async () => {
    const out = await run({ source: "export default 42;\n" });
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(/default export must be a tool/) },
    });
  });

  it("a syntax error is reported with its line", async () => {
    const out = await run({
      source: `import { tool } from "atelier";\nexport default tool({ sideEffecting: false }, function f() {\n  return (;\n});\n`,
    });
    expect(out).toMatchObject({ ok: false, error: { type: "ToolExecutionError", line: 3 } });
  });

  it("while(true){} is stopped at its deadline (ToolTimeoutError) and the next call works", async () => {
    const started = Date.now();
    const out = await run({ source: toolSource("", "while (true) {}"), timeoutMs: 300 });
    const took = Date.now() - started;
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolTimeoutError", message: expect.stringMatching(/within 300 ms/) },
    });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
    expect(await run({ source: toolSource("", "return 'after';") })).toMatchObject({ ok: true, result: "after" });
  });

  it("an endless chain of microtasks is stopped at its deadline too", async () => {
    const out = await run({ source: toolSource("", "for (;;) { await null; }"), timeoutMs: 300 });
    expect(out).toMatchObject({ ok: false, error: { type: "ToolTimeoutError" } });
  });

  it("emit is bounded", async () => {
    const out = await run({
      source: toolSource("ctx: RunContext", "for (let i = 0; i < 1000; i++) ctx.emit({ i });\nreturn 1;"),
      call: { ...positional(), ctx: { name: "ctx", index: 0 } },
    });
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(/at most 100 events/) },
    });
    expect(out.events).toHaveLength(100);
  });

  it("a timeout cannot be caught by the tool", async () => {
    const out = await run({
      source: toolSource("", "for (;;) { try { while (true) {} } catch (e) { /* swallow */ } }"),
      timeoutMs: 200,
    });
    expect(out).toMatchObject({ ok: false, error: { type: "ToolTimeoutError" } });
  });

  it("an async body that awaits nothing real is reported, not left hanging", async () => {
    const out = await run({ source: toolSource("", "await new Promise(() => {}); return 1;") });
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(/never settled/) },
    });
  });

  it("memory bomb: one 200 MB string fails with a limit error, then the next call works", async () => {
    const out = await run({ source: toolSource("", "const s = 'x'.repeat(200 * 1024 * 1024);\nreturn s.length;") });
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolLimitError", limit: "memory", message: expect.stringMatching(/out of memory.*64 MB/) },
    });
    expect(await run({ source: toolSource("", "return 'fine';") })).toMatchObject({ ok: true, result: "fine" });
  });

  it("memory bomb: a string doubled until it breaks", async () => {
    const out = await run({
      source: toolSource("", "let s = 'x'; const keep: string[] = []; for (;;) { s = s + s; keep.push(s + '!'); }"),
    });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(["ToolLimitError", "ToolExecutionError"]).toContain(out.error.type);
    expect(await run({ source: toolSource("", "return 'fine';") })).toMatchObject({ ok: true, result: "fine" });
  });

  it("memory bomb: many small objects fail with a limit error, then the next call works", async () => {
    const out = await run({
      source: toolSource("", "const a: unknown[] = [];\nfor (;;) a.push({ x: a.length, y: [1, 2] });"),
    });
    expect(out).toMatchObject({ ok: false, error: { type: "ToolLimitError", limit: "memory" } });
    expect(await run({ source: toolSource("", "return 'fine';") })).toMatchObject({ ok: true, result: "fine" });
  });

  it("a smaller per-call memory limit holds", async () => {
    const out = await run({
      source: toolSource("", "const s = 'x'.repeat(30 * 1024 * 1024); return s.length;"),
      limits: { memoryBytes: 24 * 1024 * 1024 },
    });
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolLimitError", limit: "memory", message: expect.stringMatching(/24 MB/) },
    });
  });

  it("deep recursion hits the stack limit, not the host's stack", async () => {
    const out = await run({
      source: toolSource("", "function f(n: number): number { return f(n + 1) + 1; }\nreturn f(0);"),
    });
    expect(out).toMatchObject({ ok: false, error: { type: "ToolLimitError", limit: "stack" } });
    expect(await run({ source: toolSource("", "return 'fine';") })).toMatchObject({ ok: true, result: "fine" });
  });

  it("a result over the size limit is an error naming the size", async () => {
    const out = await run({ source: toolSource("", "return 'x'.repeat(2 * 1024 * 1024);") });
    expect(out).toMatchObject({
      ok: false,
      error: {
        type: "ToolLimitError",
        limit: "result-size",
        message: expect.stringMatching(/returned 2 MB of JSON \(2097154 bytes\); the limit is 1 MB/),
      },
    });
    const multibyte = await run({ source: toolSource("", "return 'é'.repeat(600 * 1024);") });
    expect(multibyte).toMatchObject({ ok: false, error: { limit: "result-size" } });
    expect(await run({ source: toolSource("", "return 'x'.repeat(1000 * 1000);") })).toMatchObject({ ok: true });
  });
});

describe("escape attempts stay inside the sandbox", () => {
  const probe = async (body: string) => run({ source: toolSource("", body) });

  it("no process, global require, timers, fs, environment", async () => {
    const out = await probe(
      "const g = globalThis as any;\nreturn [typeof process, typeof g.require, typeof g.module, typeof setTimeout, typeof setInterval, typeof fetch, typeof WebAssembly, typeof g.std, typeof g.os, typeof g.Buffer];",
    );
    expect(out).toMatchObject({ ok: true, result: Array(10).fill("undefined") });
  });

  it("the module-scope require only knows atelier", async () => {
    const out = await probe(
      "const r = (0, eval)('typeof require'); let msg = ''; try { require('child_process'); } catch (e) { msg = (e as Error).message; } return [r, msg];",
    );
    expect(out).toMatchObject({
      ok: true,
      result: ["undefined", "Cannot find module 'child_process': only 'atelier' can be imported inside a tool"],
    });
  });

  it("globalThis.constructor.constructor('return process')() finds nothing", async () => {
    expect(await probe("return globalThis.constructor.constructor('return typeof process')();")).toMatchObject({
      ok: true,
      result: "undefined",
    });
    const direct = await probe("return (globalThis.constructor.constructor('return process')() as any).env;");
    expect(direct).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", errorName: "ReferenceError", message: expect.stringMatching(/process/) },
    });
    expect(await probe("return (function(){ return this })() === undefined;")).toMatchObject({
      ok: true,
      result: true,
    });
  });

  it("the module's require only knows atelier", async () => {
    const out = await run({
      source: `import fs from "fs";\nimport { tool } from "atelier";\nexport default tool({ sideEffecting: false }, function f() { return typeof fs; });\n`,
    });
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(/Cannot find module 'fs'/) },
    });
  });

  it("import() is refused", async () => {
    const out = await probe("const m: any = await import('fs'); return typeof m;");
    // The transpiler turns import() into require(), which only knows atelier.
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(/Cannot find module 'fs'/) },
    });
    const eval2 = await probe(
      "return await (0, eval)(\"import('os')\").then(() => 'loaded', (e: Error) => 'refused: ' + e.message);",
    );
    expect(eval2).toMatchObject({ ok: true, result: expect.stringMatching(/^refused/) });
  });

  it("host functions are not reachable from the global object", async () => {
    const out = await probe("return Object.getOwnPropertyNames(globalThis).filter((n) => n.startsWith('__atelier'));");
    expect(out).toMatchObject({ ok: true, result: [] });
  });

  it("prototype pollution stays in its own context: the host and the next call are untouched", async () => {
    const polluted = await probe(
      "(Object.prototype as any).polluted = 'yes'; (Array.prototype as any).push = () => 0; JSON.parse = () => ({ hacked: true }); return { __proto__: { admin: true }, ok: 1 };",
    );
    expect(polluted.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as { push: unknown }).push).toBe(Array.prototype.push);
    if (polluted.ok) {
      expect((polluted.result as Record<string, unknown>).admin).toBeUndefined();
      expect(Object.getPrototypeOf(polluted.result)).toBe(Object.prototype);
    }
    const next = await probe("return [({} as any).polluted, [1].push(2), JSON.parse('{\"a\":1}')];");
    expect(next).toMatchObject({ ok: true, result: [null, 2, { a: 1 }] });
  });

  it("a __proto__ key in the result is plain data on the host", async () => {
    const out = await probe('return JSON.parse(\'{"__proto__": {"isAdmin": true}}\');');
    expect(out.ok).toBe(true);
    if (out.ok) {
      expect((out.result as { isAdmin?: boolean }).isAdmin).toBeUndefined();
      expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    }
  });
});

describe("ctx.fetch", () => {
  const fetchPlan: CallPlan = {
    style: "positional",
    params: [{ name: "url" }],
    ctx: { name: "ctx", index: 1 },
    acceptsExtra: false,
  };
  const fetchTool = (body: string) => toolSource("url: string, ctx: RunContext", body);

  it("reaches an allowed local server", async () => {
    const out = await run({
      source: fetchTool(
        "const res = await ctx.fetch(url);\nreturn { status: res.status, type: res.headers['content-type'], x: res.headers.get('X-Test'), body: await res.json() };",
      ),
      call: fetchPlan,
      args: { url: `${testbed.server.origin}/json?n=1` },
      egress: [`127.0.0.1:${testbed.server.port}`],
    });
    expect(out).toMatchObject({
      ok: true,
      result: { status: 200, type: "application/json", x: "yes", body: { n: 1, hello: "world" } },
    });
  });

  it("several awaited fetches in a row, and some in parallel", async () => {
    const out = await run({
      source: fetchTool(`
        const seen: number[] = [];
        for (let i = 1; i <= 4; i++) {
          const r = await ctx.fetch(url + "/json?n=" + i);
          seen.push(((await r.json()) as { n: number }).n);
        }
        const both = await Promise.all([ctx.fetch(url + "/json?n=10"), ctx.fetch(url + "/json?n=20")]);
        for (const r of both) seen.push(((await r.json()) as { n: number }).n);
        const posted = await ctx.fetch(url + "/echo", { method: "POST", body: JSON.stringify({ a: 1 }), headers: { "content-type": "application/json" } });
        return { seen, posted: await posted.json() };`),
      call: fetchPlan,
      args: { url: testbed.server.origin },
      egress: [`127.0.0.1:${testbed.server.port}`],
    });
    expect(out).toMatchObject({
      ok: true,
      result: { seen: [1, 2, 3, 4, 10, 20], posted: { method: "POST", body: '{"a":1}' } },
    });
  });

  it("follows a redirect that is re-checked", async () => {
    const ok = await run({
      source: fetchTool(
        "const r = await ctx.fetch(url); return { redirected: r.redirected, url: r.url, body: await r.json() };",
      ),
      call: fetchPlan,
      args: { url: `${testbed.server.origin}/redirect-local` },
      egress: [`127.0.0.1:${testbed.server.port}`],
    });
    expect(ok).toMatchObject({
      ok: true,
      result: { redirected: true, url: `${testbed.server.origin}/json?n=7`, body: { n: 7 } },
    });
    const refused = await run({
      source: fetchTool("const r = await ctx.fetch(url); return r.status;"),
      call: fetchPlan,
      args: { url: `${testbed.server.origin}/redirect-metadata` },
      egress: [`127.0.0.1:${testbed.server.port}`],
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(/169\.254\.169\.254/) },
    });
  });

  it.each([
    [
      "127.0.0.1 on a port the operator did not allow",
      (port: number) => `http://127.0.0.1:${port + 1}/json`,
      ["127.0.0.1"],
      /loopback address/,
    ],
    [
      "the metadata endpoint",
      () => "http://169.254.169.254/latest/meta-data/",
      ["169.254.169.254:80"],
      /metadata address/,
    ],
    [
      "a host not in egress",
      () => "http://api.example.com/json",
      ["other.example.com"],
      /not in this tool's egress list/,
    ],
    ["[::1]", (port: number) => `http://[::1]:${port}/`, ["localhost"], /not in this tool's egress list/],
    [
      "a decimal-encoded loopback",
      (port: number) => `http://2130706433:${port + 1}/`,
      ["127.0.0.1"],
      /loopback address/,
    ],
  ])("refuses %s", async (_label, url, egress, pattern) => {
    const out = await run({
      source: fetchTool("const r = await ctx.fetch(url); return r.status;"),
      call: fetchPlan,
      args: { url: url(testbed.server.port) },
      egress: egress as string[],
    });
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(pattern) },
    });
  });

  it("a refusal can be caught by the tool", async () => {
    const out = await run({
      source: fetchTool(
        "try { await ctx.fetch(url); return 'reached'; } catch (e) { return 'refused: ' + (e as Error).message; }",
      ),
      call: fetchPlan,
      args: { url: "http://169.254.169.254/" },
      egress: ["example.com"],
    });
    expect(out).toMatchObject({ ok: true, result: expect.stringMatching(/^refused: ctx.fetch refused/) });
  });

  it("is unavailable when the tool lists no egress", async () => {
    const out = await run({
      source: fetchTool("const r = await ctx.fetch(url); return r.status;"),
      call: fetchPlan,
      args: { url: `${testbed.server.origin}/json` },
    });
    expect(out).toMatchObject({ ok: false, error: { message: expect.stringMatching(/lists no hosts in its egress/) } });
  });

  it("a slow fetch is bounded by the tool's deadline", async () => {
    const started = Date.now();
    const out = await run({
      source: fetchTool("const r = await ctx.fetch(url); return await r.text();"),
      call: fetchPlan,
      args: { url: `${testbed.server.origin}/slow?ms=5000` },
      egress: [`127.0.0.1:${testbed.server.port}`],
      timeoutMs: 400,
    });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(["ToolTimeoutError", "ToolExecutionError"]).toContain(out.error.type);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe("isolation", () => {
  it("many calls in parallel each see only their own arguments and globals", async () => {
    const source = toolSource(
      "id: number",
      "const g = globalThis as any;\nconst before = g.shared;\ng.shared = id;\nlet x = 0; for (let i = 0; i < 20000; i++) x += i;\nreturn { id, before: before ?? null, after: g.shared };",
    );
    const outs = await Promise.all(
      // Each its own owner: one owner may only queue 32 calls.
      Array.from({ length: 40 }, (_, id) => run({ source, call: positional("id"), args: { id }, owner: `iso-${id}` })),
    );
    outs.forEach((out, id) => expect(out).toMatchObject({ ok: true, result: { id, before: null, after: id } }));
  });
});
