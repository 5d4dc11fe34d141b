/**
 * The demo tools step: seeded into the demo workspace clean, idempotent, and each one runnable in
 * the sandbox showing its rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invokeTool } from "../sandbox/invoke-tool";
import { closeServer, server } from "../server/server";
import { listTools } from "../tool-store/list-tools";
import { seedStudio } from "../db/seed-demo";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { getRunnableTool } from "../tool-store/read-tool";
import { DEMO_TOOL_SOURCES, demoToolsStep, seedDemoTools } from "./demo-tools";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

async function run(name: string, args: unknown) {
  const summary = (await listTools(t.db)).find((x) => x.name === name);
  if (!summary) throw new Error(`no tool ${name}`);
  const { tool, source } = await getRunnableTool(t.db, summary.id);
  return {
    tool,
    outcome: await invokeTool({ tool, source, arguments: args, pool: server().sandbox, owner: "demo-test" }),
  };
}

describe("demo tools seed step", () => {
  it("saves the seven tools, clean, as v1 by the demo seed", async () => {
    const result = await seedStudio(t.db, [demoToolsStep]);
    expect(result.applied).toContain(demoToolsStep.description);
    const tools = await listTools(t.db);
    expect(tools.map((x) => x.name).sort()).toEqual(Object.keys(DEMO_TOOL_SOURCES).sort());
    expect(tools.every((x) => x.hasErrors === false && x.latestVersion === 1)).toBe(true);
    const flags = Object.fromEntries(tools.map((x) => [x.name, [x.sideEffecting, x.idempotent, x.requiresApproval]]));
    expect(flags.refund).toEqual([true, false, true]);
    expect(flags.send_email).toEqual([true, false, false]);
    expect(flags.notify).toEqual([true, false, false]);
    expect(flags.city_population).toEqual([false, true, false]);
  });

  it("is idempotent: a second start adds nothing, and re-running the step skips existing names", async () => {
    const again = await seedStudio(t.db, [demoToolsStep]);
    expect(again.applied).toEqual([]);
    expect(await seedDemoTools(t.db, again.workspaceId)).toEqual([]);
    expect((await listTools(t.db)).length).toBe(7);
  });

  it("city_population: a read-only lookup", async () => {
    const { tool, outcome } = await run("city_population", { city: "Lisbon" });
    expect(tool.parameters).toEqual({
      type: "object",
      properties: { city: expect.objectContaining({ type: "string" }) },
      required: ["city"],
    });
    expect(outcome).toMatchObject({ ok: true, result: 545000 });
  });

  it("forecast: enum unit and literal mode are advertised and checked", async () => {
    const { tool, outcome } = await run("forecast", { city: "Lisbon", unit: "fahrenheit", mode: "hourly" });
    const props = tool.parameters.properties as Record<string, { enum?: unknown[] }>;
    expect(props.unit.enum).toEqual(["celsius", "fahrenheit"]);
    expect(props.mode.enum).toEqual(["hourly", "daily"]);
    expect(tool.parameters.required).toEqual(["city", "unit"]);
    expect(outcome).toMatchObject({ ok: true, result: "Lisbon: mild for 3 days, around 66°F (hourly)" });
    const bad = await run("forecast", { city: "Lisbon", unit: "kelvin" });
    expect(bad.outcome.ok).toBe(false);
    if (!bad.outcome.ok) {
      expect(bad.outcome.error.type).toBe("ToolArgumentError");
      expect(bad.outcome.error.invalid).toEqual([
        ["unit", "'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']"],
      ]);
    }
  });

  it("order_status: the whole JSDoc above the --- cut is the description; the rest is for humans", async () => {
    const { tool, outcome } = await run("order_status", { orderId: "A-1002" });
    expect(tool.description).toBe(
      "Look up the current shipping status of a customer order.\n\nUse this whenever the user mentions an order number, even in\npassing. The status is the carrier's own wording, and it can be up\nto an hour stale.",
    );
    expect(tool.humanNotes).toContain("TODO: see ticket #442");
    expect(outcome).toMatchObject({ ok: true, result: "delivered" });
  });

  it("refund: side-effecting, requires approval, emits a domain event", async () => {
    const { tool, outcome } = await run("refund", { orderId: "A-1001", amountUsd: 20 });
    expect([tool.sideEffecting, tool.requiresApproval]).toEqual([true, true]);
    expect(outcome).toMatchObject({ ok: true, result: "refunded 20.00 USD on A-1001 (confirmation R-A1001)" });
    expect(outcome.events.map((e) => e.payload)).toEqual([{ refunded: "A-1001", amountUsd: 20 }]);
  });

  it("send_email: side-effecting, logs and emits", async () => {
    const { outcome } = await run("send_email", { to: "ops@example.com", subject: "prod", body: "prod is down" });
    expect(outcome).toMatchObject({ ok: true, result: "queued for ops@example.com" });
    expect(outcome.logs.map((l) => l.message)).toEqual(["queued 12 chars for ops@example.com"]);
    expect(outcome.events).toHaveLength(1);
  });

  it("notify: the default-parameter trap is refused, not silently defaulted", async () => {
    const trap = await run("notify", { message: "prod is down" });
    expect(trap.outcome.ok).toBe(false);
    if (!trap.outcome.ok) {
      expect(trap.outcome.error.message).toBe(
        "tool 'notify' call rejected: unexpected argument(s) ['message']. Accepted arguments: ['msg']",
      );
      expect(trap.outcome.error).toMatchObject({ unexpected: ["message"], accepted: ["msg"] });
    }
    expect((await run("notify", { msg: "prod is down" })).outcome).toMatchObject({
      ok: true,
      result: "sent: prod is down",
    });
    expect((await run("notify", {})).outcome).toMatchObject({ ok: true, result: "sent: default message" });
  });

  it("get_quote: a named return type is the output schema", async () => {
    const { tool, outcome } = await run("get_quote", { symbol: "acme" });
    expect(tool.outputSchemaName).toBe("Quote");
    expect(tool.outputSchema).toMatchObject({ type: "object", required: ["symbol", "price", "currency"] });
    expect(outcome).toMatchObject({ ok: true, result: { symbol: "ACME", price: 101.25, currency: "USD" } });
  });
});
