/**
 * Seed step 2: the demo agents, all on the offline demo model so they run with no key —
 * `atlas` (city tools), `billing` (refund and send_email, gated autonomy), `lead` (uses atlas as a
 * tool). Tools come from step 1: they are looked up by name in the workspace, and only those that
 * exist with an error-free latest version are attached. An agent whose name is taken is left alone.
 */
import { AgentInput, type AgentInput as AgentInputType } from "../agents/agent-input.shared";
import { createAgent } from "../agents/save-agent";
import type { Db } from "../db/client";
import type { SeedStep } from "../db/seed-demo";

type ToolLink =
  | { kind: "tool"; toolId: string; toolVersionId: string }
  | { kind: "agent"; childAgentId: string; sideEffecting: boolean };

async function findTools(db: Db, workspaceId: string, names: string[]): Promise<ToolLink[]> {
  const links: ToolLink[] = [];
  for (const name of names) {
    const tool = await db.tool.findFirst({
      where: { workspaceId, name },
      include: { versions: { orderBy: { version: "desc" }, take: 1 } },
    });
    const latest = tool?.versions[0];
    if (tool && latest && !latest.hasErrors) links.push({ kind: "tool", toolId: tool.id, toolVersionId: latest.id });
  }
  return links;
}

async function createDemoAgent(
  db: Db,
  workspaceId: string,
  input: AgentInputType,
  links: ToolLink[],
): Promise<string | null> {
  if (await db.agent.findFirst({ where: { workspaceId, name: input.name } })) return null;
  const tools = links.map((l) =>
    l.kind === "tool"
      ? { toolId: l.toolId, toolVersionId: l.toolVersionId }
      : { agentId: l.childAgentId, sideEffecting: l.sideEffecting },
  );
  const agent = await createAgent(db, AgentInput.parse({ ...input, tools }), null, workspaceId);
  return agent.id;
}

const demoModel = { provider: "demo", model: "demo", contextLength: 32_000 };

/**
 * What an empty conversation of each demo agent offers: messages the offline demo model answers
 * with the agent's own tools (demo-agents.test.ts plays each through it).
 */
export const DEMO_SUGGESTED_PROMPTS = {
  atlas: [
    "What is the population of Paris?",
    "How many people live in Tokyo?",
    "What will the weather be in Lisbon, in celsius?",
  ],
  billing: [
    "I was charged twice for order A-1042 — please refund 25 dollars.",
    "Send an email to ana@example.com about her refund.",
  ],
  lead: ["How many people live in Berlin?", "What will the weather be in Porto, in fahrenheit?"],
} as const satisfies Record<string, readonly string[]>;

export const demoAgentsStep: SeedStep = {
  step: 2,
  description: "demo agents (atlas, billing, lead) on the offline demo model",
  async run(db, workspaceId) {
    const atlasId = await createDemoAgent(
      db,
      workspaceId,
      {
        name: "atlas",
        description: "Answers questions about cities: how many people live there and what the weather will be.",
        prompt: {
          template:
            "You are Atlas, a concise assistant for facts about cities. Use city_population for population questions and forecast for the weather; say which tool you used.",
          params: {},
          currentDateTime: true,
        },
        model: demoModel,
        suggestedPrompts: [...DEMO_SUGGESTED_PROMPTS.atlas],
      },
      await findTools(db, workspaceId, ["city_population", "forecast"]),
    );
    await createDemoAgent(
      db,
      workspaceId,
      {
        name: "billing",
        description: "Handles refunds and customer e-mails; every side-effecting call waits for a human's approval.",
        prompt: {
          template:
            "You handle refunds and customer e-mails for {company}. Never promise a refund before it has been approved.",
          params: { company: "ACME" },
          currentDateTime: true,
        },
        model: demoModel,
        autonomy: "gated",
        runLimits: { requestLimit: 20 },
        suggestedPrompts: [...DEMO_SUGGESTED_PROMPTS.billing],
      },
      await findTools(db, workspaceId, ["refund", "send_email"]),
    );
    const atlas = atlasId ?? (await db.agent.findFirst({ where: { workspaceId, name: "atlas" } }))?.id ?? null;
    await createDemoAgent(
      db,
      workspaceId,
      {
        name: "lead",
        description: "A lead assistant that delegates city questions to atlas.",
        prompt: {
          template:
            "You are the lead assistant. Delegate questions about cities to the atlas agent and report its answer.",
          params: {},
        },
        model: demoModel,
        suggestedPrompts: [...DEMO_SUGGESTED_PROMPTS.lead],
      },
      atlas ? [{ kind: "agent", childAgentId: atlas, sideEffecting: false }] : [],
    );
  },
};
