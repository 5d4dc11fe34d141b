/**
 * Connections, availability and templated descriptions through the routes: POST /api/tools/analyze
 * and the tool save routes tell the analyser the studio's connections (names, fields, which are
 * secret), answer the new fields and their diagnostics, and /schema sends the rendered text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import { closeServer } from "@/lib/server/server";
import * as analyze from "./analyze/route";
import * as tools from "./route";
import * as tool from "./[id]/route";
import * as schema from "./[id]/schema/route";

const TOKEN = "tool-requirements-admin-token-0123456789";
const as = { bearer: TOKEN };
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = TOKEN;
  const workspaceId = await currentWorkspaceId(t.db);
  await t.db.connection.create({
    data: { workspaceId, name: "weather", fields: { create: [{ name: "region", secret: false, value: "eu-west" }] } },
  });
  await t.db.connection.create({
    data: {
      workspaceId,
      name: "billing",
      fields: {
        create: [
          { name: "apiKey", secret: true, ciphertext: "c", iv: "i", authTag: "a", keyId: "k" },
          { name: "account", secret: false },
        ],
      },
    },
  });
});
afterAll(async () => {
  delete process.env.ATELIER_ADMIN_TOKEN;
  await closeServer();
  await t?.cleanup();
});

const FORECAST = `import { tool, type RunContext } from "atelier";

/**
 * Forecast the weather for {{context.plan | "free"}} users, in {{connections.weather.region | "the default region"}}.
 *
 * @param city The city, as {{context.userName | "the user"}} wrote it.
 */
export default tool(
  {
    sideEffecting: false,
    connections: ["weather", "billing", "crm"],
    availableWhen: { all: [{ connection: "weather" }, { role: "operator" }] },
  },
  async function forecast(city: string, ctx?: RunContext) {
    return city;
  },
);
`;

describe("connections, availableWhen and templates through the routes", () => {
  it("POST /api/tools/analyze answers the new fields, the rendered text, the warnings and the connections' state", async () => {
    const res = await callRoute(analyze.POST, "/api/tools/analyze", { ...as, body: { source: FORECAST } });
    expect(res.status).toBe(200);
    expect(res.json.tool).toMatchObject({
      connections: ["weather", "billing", "crm"],
      availableWhen: { all: [{ connection: "weather" }, { role: "operator" }] },
      description: "Forecast the weather for free users, in the default region.",
      templates: {
        description:
          'Forecast the weather for {{context.plan | "free"}} users, in {{connections.weather.region | "the default region"}}.',
        parameters: { "/properties/city": 'The city, as {{context.userName | "the user"}} wrote it.' },
      },
    });
    expect(res.json.tool.parameters.properties.city.description).toBe("The city, as the user wrote it.");
    expect(res.json.formats.openai.function.description).toBe(res.json.tool.description);
    expect(res.json.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "ToolDefinitionWarning",
        message: expect.stringContaining("no connection named 'crm' exists in this studio yet"),
        range: expect.objectContaining({ startLine: FORECAST.split("\n").findIndex((l) => l.includes('"crm"')) + 1 }),
      }),
    ]);
    expect(res.json.connections).toEqual([
      { name: "weather", configured: true },
      { name: "billing", configured: false },
      { name: "crm", configured: false },
    ]);
  });

  it("a secret field in a template is a definition error: analysed, and saved as a draft", async () => {
    const source = FORECAST.replace("connections.weather.region", "connections.billing.apiKey");
    const res = await callRoute(analyze.POST, "/api/tools/analyze", { ...as, body: { source } });
    expect(res.json.tool).toBeNull();
    expect(res.json.diagnostics.filter((d: { code: string }) => d.code === "ToolDefinitionError")).toEqual([
      expect.objectContaining({ message: expect.stringContaining("names the secret field 'apiKey'") }),
    ]);
    const saved = await callRoute(tools.POST, "/api/tools", { ...as, body: { source } });
    expect(saved.status).toBe(201);
    expect(saved.json.tool.version.hasErrors).toBe(true);
  });

  it("the save routes keep the fields and the warnings (never a draft for a warning); /schema sends the rendered text", async () => {
    const source = FORECAST.replace("function forecast", "function forecast_saved");
    const created = await callRoute(tools.POST, "/api/tools", { ...as, body: { source } });
    expect(created.status).toBe(201);
    const id = created.json.tool.id;
    expect(created.json.tool.version.hasErrors).toBe(false);
    expect(created.json.tool.version.analysis).toMatchObject({
      connections: ["weather", "billing", "crm"],
      availableWhen: { all: [{ connection: "weather" }, { role: "operator" }] },
      templates: { parameters: { "/properties/city": expect.any(String) } },
    });
    expect(created.json.tool.version.diagnostics.map((d: { code: string }) => d.code)).toEqual([
      "ToolDefinitionWarning",
    ]);
    const v2 = await callRoute(tool.PUT, `/api/tools/${id}`, {
      ...as,
      method: "PUT",
      params: { id },
      body: { source: source.replace(', "crm"', "").replace('{ role: "operator" }', '{ role: "root" }') },
    });
    expect(v2.json.tool.version.hasErrors).toBe(true);
    expect(v2.json.tool.version.diagnostics).toEqual([
      expect.objectContaining({ message: expect.stringContaining("role 'root' is not a studio role") }),
    ]);
    const sent = await callRoute(schema.GET, `/api/tools/${id}/schema?format=anthropic&version=1`, {
      ...as,
      params: { id },
    });
    expect(sent.json.schema.description).toBe("Forecast the weather for free users, in the default region.");
    expect(sent.json.schema.input_schema.properties.city.description).toBe("The city, as the user wrote it.");
  });
});
