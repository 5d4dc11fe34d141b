/** Loading agents from the database into their API shape. */
import { ZodError } from "zod";
import { NotFoundError } from "../errors";
import type { Db } from "../db/client";
import { AgentConfigError } from "./agent-config-error";
import { AgentInput } from "./agent-input.shared";
import type { AgentToolEntry } from "./agent-tools.shared";
import type { AgentView, ModelSwitchRecord } from "./agent-view.shared";

type AgentRow = Awaited<ReturnType<Db["agent"]["findUniqueOrThrow"]>>;
type AgentToolRow = Awaited<ReturnType<Db["agentTool"]["findMany"]>>[number];

export function toolRowToView(row: AgentToolRow): AgentToolEntry {
  if (row.kind === "builtin") return { builtin: "memory" };
  if (row.kind === "agent") return { agentId: row.childAgentId!, sideEffecting: row.sideEffecting ?? false };
  if (row.kind === "mcp")
    return { mcpServerId: row.mcpServerId!, tool: row.mcpTool!, ...(row.mcpAs ? { as: row.mcpAs } : {}) };
  return { toolId: row.toolId!, ...(row.toolVersionId ? { toolVersionId: row.toolVersionId } : {}) };
}

export function toAgentView(row: AgentRow, toolRows: AgentToolRow[]): AgentView {
  const stored = (row.config ?? {}) as Record<string, unknown>;
  const tools = [...toolRows].sort((a, b) => a.position - b.position).map(toolRowToView);
  const parsed = AgentInput.safeParse({ ...stored, modelSwitches: undefined, name: row.name, tools });
  if (!parsed.success) {
    const issues = (parsed.error as ZodError).issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new AgentConfigError(
      `The stored configuration of agent '${row.name}' is no longer valid: ${issues[0]?.path}: ${issues[0]?.message}`,
      row.id,
      issues,
    );
  }
  const { tools: _tools, ...config } = parsed.data;
  return {
    id: row.id,
    ...config,
    tools,
    modelSwitches: Array.isArray(stored.modelSwitches) ? (stored.modelSwitches as ModelSwitchRecord[]) : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getAgent(db: Db, id: string): Promise<AgentView> {
  const row = await db.agent.findUnique({ where: { id }, include: { tools: true } });
  if (!row) throw new NotFoundError(`No agent with id '${id}'.`);
  return toAgentView(row, row.tools);
}
