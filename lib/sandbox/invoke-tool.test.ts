/**
 * The invoker end to end with tools analysed by lib/tools: the seed's examples and every
 * call-time error type.
 */
import { describe, expect, it } from "vitest";
import { analyzeTool } from "../tools/analyze-tool";
import type { AnalyzedTool } from "../tools/tool-types";
import { invokeTool } from "./invoke-tool";
import { startSandboxTestbed } from "./testing/sandbox-testbed";

const testbed = startSandboxTestbed();

function analysed(source: string): AnalyzedTool {
  const result = analyzeTool(source);
  if (!result.tool) throw new Error(`no tool: ${result.diagnostics.map((d) => d.message).join("; ")}`);
  return result.tool;
}

function invoke(source: string, args: unknown, extra: Partial<Parameters<typeof invokeTool>[0]> = {}) {
  return invokeTool({
    tool: analysed(source),
    source,
    arguments: args,
    pool: testbed.pool,
    owner: "invoke-test",
    ...extra,
  });
}

const WEATHER = `import { tool } from "atelier";

enum Unit {
  C = "celsius",
  F = "fahrenheit",
}

/** Report the weather for a city in the requested unit of measure. */
export default tool({ sideEffecting: false }, async function weather(city: string, unit: Unit): Promise<string> {
  return \`\${city}: 21 degrees \${unit === Unit.C ? "C" : "F"} (\${unit})\`;
});
`;

const NOTIFY = `import { tool } from "atelier";

/** Page the on-call engineer with a short incident message. */
export default tool({ sideEffecting: true }, function notify(msg: string = "default message"): string {
  return \`sent: \${msg}\`;
});
`;

const GET_QUOTE = `import { tool } from "atelier";

interface Quote {
  symbol: string;
  price: number;
}

/** Return the latest traded price for a stock ticker symbol. */
export default tool({ sideEffecting: false, idempotent: true }, async function get_quote(symbol: string): Promise<Quote> {
  if (symbol === "GOOD") return { symbol, price: 12.5 };
  return "not a Quote at all" as unknown as Quote; // the bug this catches
});
`;

const FLEXIBLE = `import { tool } from "atelier";

/** Search the catalogue with a free-form set of extra filter keys. */
export default tool(
  { sideEffecting: false },
  function flexible({ query, ...filters }: { query: string; [key: string]: unknown }): string {
    return \`\${query} + \${Object.keys(filters).sort()}\`;
  },
);
`;

const LIST_PROJECTS = `import { tool } from "atelier";

/** List the calling tenant's projects whose name starts with a prefix. */
export default tool({ sideEffecting: false, idempotent: true }, function list_projects(prefix: string, ctx): string[] {
  return [\`\${ctx.scope.agentId}/\${prefix}-alpha\`, \`\${ctx.scope.agentId}/\${prefix}-beta\`];
});
`;

describe("seed examples through the invoker", () => {
  it("weather: a legal unit runs; an illegal one is a ToolArgumentError before the body runs", async () => {
    expect(await invoke(WEATHER, { city: "Lisbon", unit: "celsius" })).toMatchObject({
      ok: true,
      result: "Lisbon: 21 degrees C (celsius)",
    });
    const out = await invoke(WEATHER, { city: "Lisbon", unit: "kelvin" });
    expect(out).toMatchObject({
      ok: false,
      error: {
        type: "ToolArgumentError",
        invalid: [["unit", "'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']"]],
        missing: [],
        unexpected: [],
        accepted: ["city", "unit"],
      },
      logs: [],
      events: [],
    });
  });

  it("notify: `message` instead of `msg` is rejected, naming it and the accepted set", async () => {
    const out = await invoke(NOTIFY, { message: "prod is down" });
    expect(out).toMatchObject({
      ok: false,
      error: {
        type: "ToolArgumentError",
        message: "tool 'notify' call rejected: unexpected argument(s) ['message']. Accepted arguments: ['msg']",
        unexpected: ["message"],
        accepted: ["msg"],
      },
    });
    expect(await invoke(NOTIFY, { msg: "prod is down" })).toMatchObject({ ok: true, result: "sent: prod is down" });
    expect(await invoke(NOTIFY, {})).toMatchObject({ ok: true, result: "sent: default message" });
  });

  it("get_quote: the wrong shape is a ToolShapeError", async () => {
    const out = await invoke(GET_QUOTE, { symbol: "ACME" });
    expect(out).toMatchObject({
      ok: false,
      error: {
        type: "ToolShapeError",
        message: "tool 'get_quote' returned value not matching schema 'Quote'",
        expected: "Quote",
      },
    });
    expect(await invoke(GET_QUOTE, { symbol: "GOOD" })).toMatchObject({
      ok: true,
      result: { symbol: "GOOD", price: 12.5 },
    });
  });

  it("flexible: extra keys pass through an index-signature destructured parameter", async () => {
    expect(await invoke(FLEXIBLE, { query: "boots", colour: "red", size: 42 })).toMatchObject({
      ok: true,
      result: "boots + colour,size",
    });
  });

  it("list_projects: reads ctx.scope (empty in a test run, the run's ids otherwise)", async () => {
    expect(await invoke(LIST_PROJECTS, { prefix: "web" })).toMatchObject({
      ok: true,
      result: ["/web-alpha", "/web-beta"],
    });
    const live = await invoke(
      LIST_PROJECTS,
      { prefix: "web", ctx: "forged" },
      { context: { agentId: "org7", conversationId: "c1", runId: "r1" } },
    );
    expect(live).toMatchObject({ ok: true, result: ["org7/web-alpha", "org7/web-beta"] });
  });
});

describe("every call-time error type", () => {
  it("ToolArgumentError collects missing, unexpected and invalid at once", async () => {
    const out = await invoke(WEATHER, { unit: 3, town: "Porto" });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.type).toBe("ToolArgumentError");
      expect(out.error.missing).toEqual(["city"]);
      expect(out.error.unexpected).toEqual(["town"]);
      expect(out.error.invalid?.map(([name]) => name)).toEqual(["unit"]);
    }
  });

  it("ToolExecutionError carries the thrown message and the line in the author's source", async () => {
    const source = `import { tool } from "atelier";

interface Order {
  id: string;
}

/** Look up the current shipping status of a customer order by its id. */
export default tool({ sideEffecting: false }, function order_status(order_id: string): string {
  const known: Record<string, string> = { A1: "in transit" };
  if (!(order_id in known)) {
    throw new Error(\`no order \${order_id}\`);
  }
  return known[order_id];
});
`;
    const out = await invoke(source, { order_id: "Z9" });
    expect(out).toMatchObject({
      ok: false,
      error: {
        type: "ToolExecutionError",
        message: "tool 'order_status' raised Error: no order Z9 (line 11)",
        line: 11,
      },
    });
  });

  it("ToolTimeoutError uses the tool's timeoutMs", async () => {
    const source = `import { tool } from "atelier";

/** Spin forever, to prove that the sandbox stops a runaway tool at its deadline. */
export default tool({ sideEffecting: false, timeoutMs: 300 }, function spin(): string {
  while (true) {}
});
`;
    const out = await invoke(source, {});
    expect(out).toMatchObject({
      ok: false,
      error: { type: "ToolTimeoutError", message: expect.stringContaining("300 ms") },
    });
    expect(out.durationMs).toBeGreaterThanOrEqual(290);
  });

  it("ToolLimitError for memory and for result size", async () => {
    const source = `import { tool } from "atelier";

/** Build a string of the requested size, to probe the sandbox's memory and result limits. */
export default tool({ sideEffecting: false }, function big(mb: number): string {
  return "x".repeat(mb * 1024 * 1024);
});
`;
    expect(await invoke(source, { mb: 200 })).toMatchObject({
      ok: false,
      error: { type: "ToolLimitError", limit: "memory" },
    });
    expect(await invoke(source, { mb: 3 })).toMatchObject({
      ok: false,
      error: { type: "ToolLimitError", limit: "result-size" },
    });
    expect(await invoke(source, { mb: 0 })).toMatchObject({ ok: true, result: "" });
  });

  it("logs and events come back with the result", async () => {
    const source = `import { tool, type RunContext } from "atelier";

/** Record two domain events and a log line, then report how many were recorded. */
export default tool({ sideEffecting: true }, function record(n: number, ctx: RunContext): number {
  console.info("recording", n);
  ctx.emit({ kind: "first", n });
  ctx.emit({ kind: "second", n });
  return 2;
});
`;
    const out = await invoke(source, { n: 5 }, { context: { runId: "r9", toolSeqStart: 3 } });
    expect(out).toMatchObject({
      ok: true,
      result: 2,
      logs: [{ level: "info", message: "recording 5" }],
      events: [
        { seq: 3, payload: { kind: "first", n: 5 } },
        { seq: 4, payload: { kind: "second", n: 5 } },
      ],
    });
  });

  it("egress from the tool's options governs ctx.fetch", async () => {
    const source = (egress: string) => `import { tool, type RunContext } from "atelier";

/** Fetch a JSON document from the local test service and return its greeting. */
export default tool({ sideEffecting: false, egress: ["${egress}"] }, async function greet(n: number, ctx: RunContext): Promise<string> {
  const a = await ctx.fetch("${testbed.server.origin}/json?n=" + n);
  const b = await ctx.fetch("${testbed.server.origin}/json?n=" + (n + 1));
  const ja = (await a.json()) as { hello: string; n: number };
  const jb = (await b.json()) as { n: number };
  return ja.hello + " " + ja.n + " " + jb.n;
});
`;
    expect(await invoke(source(`127.0.0.1:${testbed.server.port}`), { n: 1 })).toMatchObject({
      ok: true,
      result: "world 1 2",
    });
    expect(await invoke(source("api.example.com"), { n: 1 })).toMatchObject({
      ok: false,
      error: { type: "ToolExecutionError", message: expect.stringMatching(/not in this tool's egress list/) },
    });
  });
});
