/**
 * Which tool version an agent runs, through the routes: GET /api/tools/{id} answers each agent's
 * pin (its latest version's and production's) beside the newest runnable version; POST
 * /api/tools/{id}/upgrade saves an agent as a new version pinning it (a draft with errors is never
 * the target), leaves production where it was, and the next conversation runs the new code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as tools from "./route";
import * as tool from "./[id]/route";
import * as upgrade from "./[id]/upgrade/route";
import * as agents from "../agents/route";
import * as agent from "../agents/[id]/route";
import * as label from "../agents/[id]/labels/[label]/route";
import * as conversations from "../conversations/route";
import * as messages from "../conversations/[id]/messages/route";

const ADMIN = "tool-pins-int-admin-token-0123456789";
const as = { bearer: ADMIN };
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
});
afterAll(async () => {
  delete process.env.ATELIER_ADMIN_TOKEN;
  await closeServer();
  await t?.cleanup();
});

const greeter = (greeting: string) => `import { tool } from "atelier";

/** Greets a person by name, in the words of this version of the tool. */
export default tool({ sideEffecting: false }, function greet(name: string) {
  return "${greeting}, " + name;
});
`;
const BROKEN = `import { tool } from "atelier";\n/** Greets a person by name, in the words of this version. */\nexport default tool({}, function greet(name: string) {\n  return name;\n});\n`;

const getTool = (id: string) => callRoute(tool.GET, `/api/tools/${id}`, { ...as, params: { id } });
const saveTool = (id: string, source: string) =>
  callRoute(tool.PUT, `/api/tools/${id}`, { ...as, method: "PUT", params: { id }, body: { source } });
const upgradeAgents = (id: string, agentIds: string[]) =>
  callRoute(upgrade.POST, `/api/tools/${id}/upgrade`, { ...as, params: { id }, body: { agentIds } });
const scripted = {
  provider: "scripted",
  model: "pins",
  script: [{ toolCalls: [{ toolName: "greet", args: { name: "Ada" } }] }, { text: "Done." }],
};

async function greetingOf(agentId: string): Promise<{ agentVersion: number; result: string }> {
  const conv = await callRoute(conversations.POST, "/api/conversations", { ...as, body: { agentId } });
  expect(conv.status, JSON.stringify(conv.json)).toBe(201);
  const id = conv.json.id as string;
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    ...as,
    params: { id },
    body: { content: "Greet Ada" },
  });
  expect(res.status).toBe(200);
  const frames = parseSse(res.json);
  const started = frames.find((f) => f.event === "RunStarted")!;
  const returned = JSON.stringify(frames.map((f) => f.data));
  return { agentVersion: started.data.data.agentVersion as number, result: returned };
}

describe("tool pins and upgrades", () => {
  let toolId = "";
  let pinnedId = "";
  let followerId = "";

  it("answers each agent's pin and the newest runnable version", async () => {
    const created = await callRoute(tools.POST, "/api/tools", { ...as, body: { source: greeter("Hello") } });
    expect(created.status).toBe(201);
    toolId = created.json.tool.id;
    expect(created.json.tool).toMatchObject({ latestVersion: 1, runnableVersion: 1, usedBy: [] });

    const pinned = await callRoute(agents.POST, "/api/agents", {
      ...as,
      body: { name: "pinned", description: "Greets with a pinned tool.", model: scripted, tools: [{ toolId }] },
    });
    expect(pinned.status, JSON.stringify(pinned.json)).toBe(201);
    pinnedId = pinned.json.agent.id;
    const follower = await callRoute(agents.POST, "/api/agents", {
      ...as,
      body: {
        name: "follower",
        description: "Greets with the latest tool.",
        model: scripted,
        tools: [{ toolId, follow: "latest" }],
      },
    });
    expect(follower.status).toBe(201);
    followerId = follower.json.agent.id;
    // Production of "pinned" on its version 1.
    const moved = await callRoute(label.PUT, `/api/agents/${pinnedId}/labels/production`, {
      ...as,
      method: "PUT",
      params: { id: pinnedId, label: "production" },
      body: { version: 1 },
    });
    expect(moved.status).toBe(200);

    expect((await saveTool(toolId, greeter("Bonjour"))).status).toBe(200);
    // A draft with definition errors is the latest, never the version an upgrade pins.
    expect((await saveTool(toolId, BROKEN)).json.tool.version.hasErrors).toBe(true);

    const read = await getTool(toolId);
    expect(read.json.tool).toMatchObject({ latestVersion: 3, runnableVersion: 2 });
    expect(read.json.tool.usedBy).toEqual([
      {
        agentId: followerId,
        name: "follower",
        agentVersion: 1,
        pin: { kind: "follows" },
        production: null,
      },
      {
        agentId: pinnedId,
        name: "pinned",
        agentVersion: 1,
        pin: { kind: "pinned", version: 1 },
        production: { version: 1, pin: { kind: "pinned", version: 1 } },
      },
    ]);
    // The pinned agent still runs v1's code.
    expect((await greetingOf(pinnedId)).result).toContain("Hello, Ada");
    expect((await greetingOf(followerId)).result).toContain("Bonjour, Ada");
  });

  it("upgrades: a new agent version pinning the runnable version; production stays; the next conversation runs it", async () => {
    const res = await upgradeAgents(toolId, [pinnedId, followerId]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.upgrades).toEqual([
      {
        agentId: pinnedId,
        name: "pinned",
        status: "upgraded",
        fromVersion: 1,
        toVersion: 2,
        previousAgentVersion: 1,
        agentVersion: 2,
        productionVersion: 1,
      },
      {
        agentId: followerId,
        name: "follower",
        status: "current",
        fromVersion: null,
        toVersion: 2,
        previousAgentVersion: 1,
        agentVersion: 1,
        productionVersion: null,
      },
    ]);
    const after = await getTool(toolId);
    expect(after.json.tool.usedBy.find((u: { name: string }) => u.name === "pinned")).toMatchObject({
      agentVersion: 2,
      pin: { kind: "pinned", version: 2 },
      production: { version: 1, pin: { kind: "pinned", version: 1 } },
    });
    // Only the tool's entry changed: the rest of the agent is as it was.
    const saved = await callRoute(agent.GET, `/api/agents/${pinnedId}`, { ...as, params: { id: pinnedId } });
    expect(saved.json.agent).toMatchObject({ version: 2, description: "Greets with a pinned tool." });

    // New conversations start on production (still v1, the old code) until it moves.
    expect(await greetingOf(pinnedId)).toMatchObject({ agentVersion: 1 });
    expect((await greetingOf(pinnedId)).result).toContain("Hello, Ada");
    await callRoute(label.PUT, `/api/agents/${pinnedId}/labels/production`, {
      ...as,
      method: "PUT",
      params: { id: pinnedId, label: "production" },
      body: { version: 2 },
    });
    const moved = await greetingOf(pinnedId);
    expect(moved.agentVersion).toBe(2);
    expect(moved.result).toContain("Bonjour, Ada");

    // Again: nothing older pinned, no version saved.
    const again = await upgradeAgents(toolId, [pinnedId]);
    expect(again.json.upgrades[0]).toMatchObject({ status: "current", agentVersion: 2 });
  });

  it("refuses agents that do not use the tool, and a tool without a runnable version", async () => {
    const other = await callRoute(agents.POST, "/api/agents", {
      ...as,
      body: { name: "stranger", description: "Uses no tool at all here.", model: scripted },
    });
    const refused = await upgradeAgents(toolId, [other.json.agent.id]);
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toContain("does not use the tool 'greet'");
    const empty = await upgradeAgents(toolId, []);
    expect(empty.status).toBe(400);

    const draft = await callRoute(tools.POST, "/api/tools", {
      ...as,
      body: { source: BROKEN.replace("greet", "greet_draft") },
    });
    expect(draft.json.tool.runnableVersion).toBeNull();
  });
});
