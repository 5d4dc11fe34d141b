import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import * as analyze from "./tools/analyze/route";
import * as tools from "./tools/route";
import * as tool from "./tools/[id]/route";
import * as schema from "./tools/[id]/schema/route";
import * as invoke from "./tools/[id]/invoke/route";
import * as health from "./health/route";

const TOKEN = "tools-routes-admin-token-0123456789";
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = TOKEN;
});
afterAll(async () => {
  delete process.env.ATELIER_ADMIN_TOKEN;
  await closeServer();
  await t?.cleanup();
});

const as = { bearer: TOKEN };

const WEATHER = `import { tool } from "atelier";

type Unit = "celsius" | "fahrenheit";

/**
 * Report the weather for a city in the requested unit of measure.
 */
export default tool({ sideEffecting: false }, async function weather(city: string, unit: Unit) {
  return \`\${city} in \${unit}\`;
});
`;

const QUOTE = `import { tool } from "atelier";

interface Quote {
  symbol: string;
  price: number;
}

/** Return the latest traded price for a stock ticker symbol. */
export default tool({ sideEffecting: false, idempotent: true }, function get_quote(symbol: string): Quote {
  return "not a Quote at all" as unknown as Quote;
});
`;

describe("POST /api/tools/analyze", () => {
  it("returns the tool the model sees, with no diagnostics for a clean source", async () => {
    const res = await callRoute(analyze.POST, "/api/tools/analyze", { ...as, body: { source: WEATHER } });
    expect(res.status).toBe(200);
    expect(res.json.diagnostics).toEqual([]);
    expect(res.json.tool).toMatchObject({
      name: "weather",
      description: "Report the weather for a city in the requested unit of measure.",
      parameters: {
        type: "object",
        properties: { city: { type: "string" }, unit: { enum: ["celsius", "fahrenheit"], type: "string" } },
        required: ["city", "unit"],
      },
      sideEffecting: false,
      idempotent: false,
      requiresApproval: false,
    });
    expect(res.json.formats.openai).toEqual({
      type: "function",
      function: { name: "weather", description: res.json.tool.description, parameters: res.json.tool.parameters },
    });
    expect(res.json.formats.anthropic).toEqual({
      name: "weather",
      description: res.json.tool.description,
      input_schema: res.json.tool.parameters,
    });
  });

  it("puts a developer note above the cut on its own line, and nulls the tool", async () => {
    const source = WEATHER.replace(" * Report the weather", " * TODO: mention the units\n * Report the weather");
    const res = await callRoute(analyze.POST, "/api/tools/analyze", { ...as, body: { source } });
    expect(res.json.tool).toBeNull();
    const d = res.json.diagnostics.find((x: { code: string }) => x.code === "ToolDefinitionError");
    expect(d.range.startLine).toBe(6);
    expect(d.message).toMatch(/TODO/);
  });

  it("answers TypeScript diagnostics, not a 500, for a malformed source", async () => {
    const res = await callRoute(analyze.POST, "/api/tools/analyze", {
      ...as,
      body: { source: "export default tool({ sideEffecting: false }, function (" },
    });
    expect(res.status).toBe(200);
    expect(res.json.diagnostics.some((d: { code: string }) => d.code === "TypeScript")).toBe(true);
    for (const d of res.json.diagnostics) expect(d.range.startLine).toBeGreaterThanOrEqual(1);
  });

  it("answers 413 to a 1 MB body and 400 to a missing source", async () => {
    const big = await callRoute(analyze.POST, "/api/tools/analyze", {
      ...as,
      body: { source: "x".repeat(1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe("payload_too_large");
    const none = await callRoute(analyze.POST, "/api/tools/analyze", { ...as, body: {} });
    expect(none.status).toBe(400);
    expect(none.json.error.issues[0].path).toBe("source");
  });
});

describe("tools CRUD, versions and invoke", () => {
  let weatherId = "";
  let quoteId = "";

  it("saves a tool as version 1 and each save as a new immutable version", async () => {
    const created = await callRoute(tools.POST, "/api/tools", { ...as, body: { source: WEATHER } });
    expect(created.status).toBe(201);
    weatherId = created.json.tool.id;
    expect(created.json.tool).toMatchObject({
      name: "weather",
      latestVersion: 1,
      version: { version: 1, hasErrors: false },
    });
    const v2 = await callRoute(tool.PUT, `/api/tools/${weatherId}`, {
      ...as,
      method: "PUT",
      params: { id: weatherId },
      body: {
        source: WEATHER.replace("in the requested unit of measure", "in the unit of measure the user asked for"),
      },
    });
    expect(v2.json.tool.latestVersion).toBe(2);
    const old = await callRoute(tool.GET, `/api/tools/${weatherId}?version=1`, { ...as, params: { id: weatherId } });
    expect(old.json.tool.version.source).toBe(WEATHER);
    expect(old.json.tool.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const dup = await callRoute(tools.POST, "/api/tools", { ...as, body: { source: WEATHER } });
    expect(dup.status).toBe(409);
  });

  it("keeps a version with definition errors as a draft that cannot run", async () => {
    const draft = await callRoute(tool.PUT, `/api/tools/${weatherId}`, {
      ...as,
      method: "PUT",
      params: { id: weatherId },
      body: { source: WEATHER.replace("sideEffecting: false", "idempotent: true") },
    });
    expect(draft.json.tool.version.hasErrors).toBe(true);
    const run = await callRoute(invoke.POST, `/api/tools/${weatherId}/invoke`, {
      ...as,
      params: { id: weatherId },
      body: { arguments: { city: "Lisbon", unit: "celsius" } },
    });
    expect(run.status).toBe(409);
    expect(run.json.error.code).toBe("ToolNotRunnableError");
    expect(run.json.error.message).toMatch(/^Version 3 of 'weather' has definition errors and cannot run: /);
    const pinned = await callRoute(invoke.POST, `/api/tools/${weatherId}/invoke`, {
      ...as,
      params: { id: weatherId },
      body: { arguments: { city: "Lisbon", unit: "celsius" }, version: 2 },
    });
    expect(pinned.json).toMatchObject({ ok: true, result: "Lisbon in celsius" });
  });

  it("reflects a bad call as ToolArgumentError with its fields", async () => {
    await callRoute(tool.PUT, `/api/tools/${weatherId}`, {
      ...as,
      method: "PUT",
      params: { id: weatherId },
      body: { source: WEATHER },
    });
    const res = await callRoute(invoke.POST, `/api/tools/${weatherId}/invoke`, {
      ...as,
      params: { id: weatherId },
      body: { arguments: { city: "Lisbon", unit: "kelvin", extra: 1 } },
    });
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(false);
    expect(res.json.error).toMatchObject({
      type: "ToolArgumentError",
      unexpected: ["extra"],
      invalid: [["unit", "'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']"]],
      accepted: ["city", "unit"],
    });
  });

  it("reports a wrong return shape as ToolShapeError", async () => {
    const created = await callRoute(tools.POST, "/api/tools", { ...as, body: { source: QUOTE } });
    quoteId = created.json.tool.id;
    const res = await callRoute(invoke.POST, `/api/tools/${quoteId}/invoke`, {
      ...as,
      params: { id: quoteId },
      body: { arguments: { symbol: "ACME" } },
    });
    expect(res.json.error).toMatchObject({
      type: "ToolShapeError",
      message: "tool 'get_quote' returned value not matching schema 'Quote'",
    });
  });

  it("exports the schema in OpenAI and Anthropic formats", async () => {
    const openai = await callRoute(schema.GET, `/api/tools/${weatherId}/schema?format=openai`, {
      ...as,
      params: { id: weatherId },
    });
    expect(openai.json.schema).toMatchObject({
      type: "function",
      function: { name: "weather", parameters: { type: "object" } },
    });
    const anthropic = await callRoute(schema.GET, `/api/tools/${weatherId}/schema?format=anthropic`, {
      ...as,
      params: { id: weatherId },
    });
    expect(anthropic.json.schema).toMatchObject({ name: "weather", input_schema: { type: "object" } });
    expect(
      (
        await callRoute(schema.GET, `/api/tools/${weatherId}/schema?format=gemini`, {
          ...as,
          params: { id: weatherId },
        })
      ).status,
    ).toBe(400);
  });

  it("refuses to delete a tool an agent uses, naming the agent; deletes it otherwise", async () => {
    const ws = await t.db.workspace.findFirstOrThrow();
    const agent = await t.db.agent.create({ data: { workspaceId: ws.id, name: "atlas", config: {} } });
    await t.db.agentTool.create({ data: { agentId: agent.id, position: 0, kind: "tool", toolId: weatherId } });
    const refused = await callRoute(tool.DELETE, `/api/tools/${weatherId}`, {
      ...as,
      method: "DELETE",
      params: { id: weatherId },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "tool_in_use",
      message: "Tool 'weather' is used by 'atlas'; remove it from that agent first.",
      usedBy: [{ name: "atlas" }],
    });
    const ok = await callRoute(tool.DELETE, `/api/tools/${quoteId}`, {
      ...as,
      method: "DELETE",
      params: { id: quoteId },
    });
    expect(ok.json).toEqual({ deleted: quoteId });
    expect((await callRoute(tool.GET, `/api/tools/${quoteId}`, { ...as, params: { id: quoteId } })).status).toBe(404);
  });

  it("keeps answering /api/health within half a second while a tool spins", async () => {
    const spin = `import { tool } from "atelier";\n/** Spin forever to prove the server keeps answering meanwhile. */\nexport default tool({ sideEffecting: false, timeoutMs: 2000 }, function spin() {\n  while (true) {}\n});\n`;
    const id = (await callRoute(tools.POST, "/api/tools", { ...as, body: { source: spin } })).json.tool.id;
    const running = callRoute(invoke.POST, `/api/tools/${id}/invoke`, {
      ...as,
      params: { id },
      body: { arguments: {} },
    });
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    const h = await callRoute(health.GET, "/api/health");
    expect(h.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
    const outcome = await running;
    expect(outcome.json.error.type).toBe("ToolTimeoutError");
    const after = performance.now();
    expect((await callRoute(health.GET, "/api/health")).status).toBe(200);
    expect(performance.now() - after).toBeLessThan(500);
  });
});

describe("drafts and failure paths", () => {
  /** A source no tool can be read from: saved as a draft named `untitled…`. */
  const draft = (n: number) => `export const draft_${n} = ${n};\n`;
  const create = (source: string) => callRoute(tools.POST, "/api/tools", { ...as, body: { source } });

  it("names a new draft with the first free untitled name, also after a draft was deleted", async () => {
    const names: string[] = [];
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await create(draft(n));
      expect(res.status).toBe(201);
      expect(res.json.tool.version.hasErrors).toBe(true);
      names.push(res.json.tool.name);
      ids.push(res.json.tool.id);
    }
    expect(names).toEqual(["untitled", "untitled-2", "untitled-3"]);
    const del = await callRoute(tool.DELETE, `/api/tools/${ids[1]}`, {
      ...as,
      method: "DELETE",
      params: { id: ids[1] },
    });
    expect(del.json).toEqual({ deleted: ids[1] });
    const again = await create(draft(4));
    expect(again.status).toBe(201);
    expect(again.json.tool.name).toBe("untitled-2");
    const next = await create(draft(5));
    expect(next.status).toBe(201);
    expect(next.json.tool.name).toBe("untitled-4");
  });

  it("answers 404 not_found for an unknown tool id through every route of one tool", async () => {
    const id = "no-such-tool";
    const answers = [
      await callRoute(tool.GET, `/api/tools/${id}`, { ...as, params: { id } }),
      await callRoute(tool.PUT, `/api/tools/${id}`, {
        ...as,
        method: "PUT",
        params: { id },
        body: { source: WEATHER },
      }),
      await callRoute(tool.DELETE, `/api/tools/${id}`, { ...as, method: "DELETE", params: { id } }),
      await callRoute(schema.GET, `/api/tools/${id}/schema`, { ...as, params: { id } }),
      await callRoute(invoke.POST, `/api/tools/${id}/invoke`, { ...as, params: { id }, body: { arguments: {} } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
  });

  it("answers 400 validation_error naming the field for bad input", async () => {
    const id = (await create(draft(6))).json.tool.id;
    const noArgs = await callRoute(invoke.POST, `/api/tools/${id}/invoke`, { ...as, params: { id }, body: {} });
    expect(noArgs.status).toBe(400);
    expect(noArgs.json.error.code).toBe("validation_error");
    expect(noArgs.json.error.issues[0]).toMatchObject({
      path: "arguments",
      message: "Send the tool's arguments as a JSON object",
    });
    const badVersion = await callRoute(invoke.POST, `/api/tools/${id}/invoke`, {
      ...as,
      params: { id },
      body: { arguments: {}, version: 0 },
    });
    expect(badVersion.status).toBe(400);
    expect(badVersion.json.error.issues[0].path).toBe("version");
    const badQuery = await callRoute(tool.GET, `/api/tools/${id}?version=abc`, { ...as, params: { id } });
    expect(badQuery.status).toBe(400);
    expect(badQuery.json.error.issues[0].path).toBe("version");
    const badFormat = await callRoute(schema.GET, `/api/tools/${id}/schema?format=gemini`, { ...as, params: { id } });
    expect(badFormat.status).toBe(400);
    expect(badFormat.json.error.issues[0].path).toBe("format");
    const emptySource = await callRoute(tool.PUT, `/api/tools/${id}`, {
      ...as,
      method: "PUT",
      params: { id },
      body: { source: "" },
    });
    expect(emptySource.status).toBe(400);
    expect(emptySource.json.error.issues[0]).toMatchObject({ path: "source", message: "The source is empty" });
  });
});
