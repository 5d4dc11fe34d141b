/**
 * Saving the canvas's wiring edits (lib/canvas/README.md): each submitted agent's whole
 * configuration is checked with the agent form's rules (lib/agents/save-agent.ts), cycles judged on
 * the edited graph — the stored edges of agents outside the save, the submitted ones for agents in
 * it — and only when every agent passes are they written, in one transaction, one version per agent
 * whose configuration changed. Any issue saves nothing: a 400 whose issue paths start
 * `["agents", i, "config", …]`.
 */
import { ZodError } from "zod";
import type { AgentConfig } from "../agents/agent-input.shared";
import { checkAgentSave, writeCheckedAgent, type CheckedAgent, type SavedBy } from "../agents/save-agent";
import type { AgentEdge } from "../agents/check-agent-tool-cycles.shared";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import type { core } from "zod";

type Issue = core.$ZodIssue;

export interface CanvasSaveRequest {
  agents: ReadonlyArray<{ agentId: string; config: AgentConfig }>;
}

export interface CanvasSaveResult {
  agents: Array<{ agentId: string; version: number; changed: boolean }>;
}

function issueAt(path: (string | number)[], message: string): Issue {
  return { code: "custom", path, message, input: undefined } as Issue;
}

/** The edited graph of agents as tools: stored edges for agents outside the save, submitted ones inside. */
async function editedAgentEdges(db: Db, request: CanvasSaveRequest): Promise<AgentEdge[]> {
  const saved = new Set(request.agents.map((a) => a.agentId));
  const stored = await db.agentTool.findMany({
    where: { kind: "agent", agentId: { notIn: [...saved] } },
    select: { agentId: true, childAgentId: true },
  });
  return [
    ...stored.map((e) => ({ from: e.agentId, to: e.childAgentId! })),
    ...request.agents.flatMap((a) =>
      a.config.tools.flatMap((t) => ("agentId" in t ? [{ from: a.agentId, to: t.agentId }] : [])),
    ),
  ];
}

export async function saveCanvas(db: Db, request: CanvasSaveRequest, by: SavedBy | null): Promise<CanvasSaveResult> {
  const workspaceId = await currentWorkspaceId(db);
  const issues: Issue[] = [];
  const ids = request.agents.map((a) => a.agentId);
  const rows = await db.agent.findMany({ where: { id: { in: ids }, workspaceId } });
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const edges = await editedAgentEdges(db, request);
  const names = new Map(request.agents.map((a) => [a.agentId, a.config.name]));
  const checked: CheckedAgent[] = [];
  for (const [i, { agentId, config }] of request.agents.entries()) {
    const first = ids.indexOf(agentId);
    if (first !== i) {
      issues.push(issueAt(["agents", i, "agentId"], `this agent is already in the save at position ${first + 1}`));
      continue;
    }
    const row = rowById.get(agentId);
    if (!row) {
      issues.push(issueAt(["agents", i, "agentId"], `no agent with id '${agentId}' in this workspace`));
      continue;
    }
    const twin = request.agents.findIndex((a, j) => j < i && a.config.name === config.name);
    if (twin >= 0)
      issues.push(
        issueAt(
          ["agents", i, "config", "name"],
          `an agent named '${config.name}' is already in the save at position ${twin + 1}`,
        ),
      );
    const result = await checkAgentSave(db, config, row, { workspaceId, cycles: { edges, names } });
    for (const issue of result.issues) issues.push({ ...issue, path: ["agents", i, "config", ...issue.path] } as Issue);
    checked.push(result);
  }
  if (issues.length) throw new ZodError(issues);
  const written = await db.$transaction(
    async (tx) => {
      const out: CanvasSaveResult["agents"] = [];
      for (const c of checked) {
        const { id, version, changed } = await writeCheckedAgent(tx, c, by);
        out.push({ agentId: id, version, changed });
      }
      return out;
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  return { agents: written };
}
