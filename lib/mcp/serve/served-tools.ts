/**
 * What `/api/mcp` serves: the workspace's saved tools at their newest version without definition
 * errors, each with exactly the name, description and input schema the Tool Studio's preview shows
 * (lib/tools/schema-formats.ts). Tools that require approval are not served: an external client
 * has no approval inbox.
 */
import type { Db } from "../../db/client";
import { readJsonColumn } from "../../db/json-column";
import { currentWorkspaceId } from "../../db/workspace";
import { toToolSchema, type ToolSchema } from "../../tools/schema-formats";
import type { AnalyzedTool } from "../../tools/tool-types";

export interface ServedTool {
  toolId: string;
  version: number;
  tool: AnalyzedTool;
  source: string;
  schema: ToolSchema;
}

export async function listServedTools(db: Db): Promise<ServedTool[]> {
  const workspaceId = await currentWorkspaceId(db);
  const tools = await db.tool.findMany({
    where: { workspaceId },
    orderBy: { name: "asc" },
    include: { versions: { where: { hasErrors: false }, orderBy: { version: "desc" }, take: 1 } },
  });
  const served: ServedTool[] = [];
  const names = new Set<string>();
  for (const t of tools) {
    const v = t.versions[0];
    const tool = v ? readJsonColumn<AnalyzedTool | null>(v.analysis) : null;
    if (!v || !tool || tool.requiresApproval || names.has(tool.name)) continue;
    names.add(tool.name);
    served.push({ toolId: t.id, version: v.version, tool, source: v.source, schema: toToolSchema(tool) });
  }
  return served.sort((a, b) => (a.schema.name < b.schema.name ? -1 : a.schema.name > b.schema.name ? 1 : 0));
}
