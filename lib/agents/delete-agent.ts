/** Deleting an agent: refused while another agent uses it as a tool. */
import { ConflictError, NotFoundError } from "../errors";
import type { Db } from "../db/client";

export async function deleteAgent(db: Db, id: string): Promise<void> {
  const agent = await db.agent.findUnique({ where: { id } });
  if (!agent) throw new NotFoundError(`No agent with id '${id}'.`);
  const users = await db.agentTool.findMany({
    where: { childAgentId: id },
    include: { agent: { select: { name: true } } },
  });
  if (users.length) {
    const names = [...new Set(users.map((u) => u.agent.name))];
    throw new ConflictError(
      `Agent '${agent.name}' is used as a tool by ${names.join(", ")}; remove it there first.`,
      { usedBy: names },
      "agent_in_use",
    );
  }
  await db.agent.delete({ where: { id } });
}
