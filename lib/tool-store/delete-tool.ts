import type { Db } from "../db/client";
import { ConflictError } from "../errors";
import { getTool } from "./read-tool";

/** Deletes a tool and its versions; refused while any agent uses it, naming those agents. */
export async function deleteTool(db: Db, toolId: string): Promise<void> {
  const tool = await getTool(db, toolId);
  if (tool.usedBy.length > 0) {
    throw new ConflictError(
      `Tool '${tool.name}' is used by ${tool.usedBy.map((a) => `'${a.name}'`).join(", ")}; remove it from ${tool.usedBy.length === 1 ? "that agent" : "those agents"} first.`,
      { usedBy: tool.usedBy },
      "tool_in_use",
    );
  }
  await db.tool.delete({ where: { id: toolId } });
}
