/**
 * The workspace's agents as MCP tools: `ask_<name>` with one `task` string (the name Mastra's MCP
 * server uses for agents too). Calling one starts a conversation with the agent, visible in the
 * studio like any other, and answers with the agent's final text. A served tool of the same name
 * wins; the agent is then not served.
 */
import type { Db } from "../../db/client";
import { currentWorkspaceId } from "../../db/workspace";
import type { ToolSchema } from "../../tools/schema-formats";

export interface ServedAgent {
  agentId: string;
  name: string;
  schema: ToolSchema;
}

export const ASK_PREFIX = "ask_";

/** The input every served agent takes: the same `task` as an agent called as a tool inside the studio. */
export const ASK_PARAMETERS = {
  type: "object",
  properties: { task: { type: "string", description: "What to ask the agent, as a user would write it" } },
  required: ["task"],
  additionalProperties: false,
};

export async function listServedAgents(db: Db, takenNames: ReadonlySet<string>): Promise<ServedAgent[]> {
  const workspaceId = await currentWorkspaceId(db);
  const agents = await db.agent.findMany({
    where: { workspaceId },
    orderBy: { name: "asc" },
    select: { id: true, name: true, config: true },
  });
  const served: ServedAgent[] = [];
  for (const a of agents) {
    const name = `${ASK_PREFIX}${a.name}`;
    if (takenNames.has(name)) continue;
    const description = (a.config as { description?: unknown } | null)?.description;
    const about = typeof description === "string" && description.trim() ? ` ${description.trim()}` : "";
    served.push({
      agentId: a.id,
      name: a.name,
      schema: {
        name,
        description: `Ask the Atelier agent '${a.name}'; it answers with its final text.${about} Each call is a new conversation in the studio.`,
        parameters: ASK_PARAMETERS,
      },
    });
  }
  return served;
}
