/**
 * Creates a planned workspace (canvas-workspace-plan.ts) through the studio's HTTP API, as an admin
 * would: connections, skills, tools (TypeScript sources the studio analyses), then agents from the
 * last to the first so every sub-agent exists before the agent that calls it. A 429 (the analysis
 * budget) is waited out; any other refused request stops the seeding with the studio's answer.
 */
import type { CanvasWorkspacePlan, PlannedAgent, PlannedTool } from "./canvas-workspace-plan";

export interface SeededWorkspace {
  toolIds: string[];
  agentIds: string[];
  /** Wall time of the seeding, for the benchmark's log. */
  ms: number;
}

export function toolSourceOf(t: PlannedTool): string {
  const options = [
    ...(t.broken ? [] : [`sideEffecting: ${t.sideEffecting}`]),
    ...(t.idempotent ? ["idempotent: true"] : []),
    ...(t.requiresApproval ? ["requiresApproval: true"] : []),
    ...(t.connections.length ? [`connections: ${JSON.stringify(t.connections)}`] : []),
  ];
  return `import { tool } from "atelier";

/**
 * ${t.description}
 *
 * @param id The record's id.
 * @param note What to tell the system about it.
 */
export default tool({ ${options.join(", ")} }, async function ${t.name}(id: string, note?: string) {
  return "${t.name} " + id + (note ? ": " + note : "");
});
`;
}

/** The agent's AgentInput (lib/agents/agent-input.shared.ts) once its tools and sub-agents exist. */
export function agentInputOf(a: PlannedAgent, toolIds: readonly string[], agentIds: readonly string[]) {
  return {
    name: a.name,
    description: a.description,
    model: { provider: "demo", model: "demo" },
    autonomy: a.autonomy,
    runLimits: a.toolCallsLimit === null ? {} : { toolCallsLimit: a.toolCallsLimit },
    skills: a.skills,
    tools: a.uses.map((u) => {
      if (u.kind === "tool")
        return u.follow ? { toolId: toolIds[u.tool], follow: "latest" } : { toolId: toolIds[u.tool] };
      if (u.kind === "agent") {
        const agentId = agentIds[u.agent];
        if (!agentId) throw new Error(`${a.name}: sub-agent #${u.agent} is not created yet`);
        return { agentId, sideEffecting: u.sideEffecting };
      }
      return { builtin: u.builtin };
    }),
  };
}

export async function seedCanvasWorkspace(
  base: string,
  token: string,
  plan: CanvasWorkspacePlan,
): Promise<SeededWorkspace> {
  const started = performance.now();
  const post = async (path: string, body: unknown) => {
    // Tool saves spend the analysis budget (lib/tool-store/analysis-budget.ts): a 429 waits as told.
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(new URL(path, base), {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status === 429 && attempt < 60) {
        const seconds = Number(res.headers.get("retry-after")) || 1;
        await new Promise((r) => setTimeout(r, seconds * 1000));
        continue;
      }
      if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 600)}`);
      return JSON.parse(text);
    }
  };

  for (const name of plan.connections) {
    await post("/api/connections", {
      name,
      description: `The ${name.replace(/_/g, " ")} service.`,
      fields: [{ name: "baseUrl", secret: false, value: `https://${name.replace(/_/g, "-")}.example.internal` }],
    });
  }
  for (const s of plan.skills) {
    await post("/api/skills", {
      skillMd: `---\nname: ${s.name}\ndescription: ${s.description}\n---\n\n# ${s.name}\n\n${s.description} Follow it step by step.\n`,
    });
  }
  // Two at a time: each save is a TypeScript analysis on a shared 2-core machine.
  const toolIds: string[] = new Array(plan.tools.length);
  for (let i = 0; i < plan.tools.length; i += 2) {
    await Promise.all(
      plan.tools.slice(i, i + 2).map(async (t, k) => {
        const answer = await post("/api/tools", { source: toolSourceOf(t) });
        const hasErrors = answer.tool.runnableVersion === null;
        if (hasErrors !== t.broken)
          throw new Error(`tool ${t.name}: expected ${t.broken ? "a definition error" : "a clean analysis"}`);
        toolIds[i + k] = answer.tool.id;
      }),
    );
  }
  const agentIds: string[] = new Array(plan.agents.length);
  for (let i = plan.agents.length - 1; i >= 0; i--) {
    const answer = await post("/api/agents", agentInputOf(plan.agents[i], toolIds, agentIds));
    agentIds[i] = answer.agent.id;
  }
  return { toolIds, agentIds, ms: performance.now() - started };
}
