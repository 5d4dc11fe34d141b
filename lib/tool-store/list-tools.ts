/** The tools of a workspace with their latest version's state, for the tools list. */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import type { AnalyzedTool } from "../tools/tool-types";
import type { ToolSummary } from "./tool-views.shared";

export async function listTools(db: Db): Promise<ToolSummary[]> {
  const tools = await db.tool.findMany({
    orderBy: { name: "asc" },
    include: {
      versions: { orderBy: { version: "desc" }, take: 1 },
      // One row per live version (lib/agents/live-tool-rows.ts): count the agents.
      agentLinks: { select: { agentId: true }, distinct: ["agentId"] },
    },
  });
  return tools.map((t) => {
    const latest = t.versions[0];
    const analysis = readJsonColumn<Partial<
      Pick<AnalyzedTool, "sideEffecting" | "idempotent" | "requiresApproval">
    > | null>(latest?.analysis ?? null);
    return {
      id: t.id,
      name: t.name,
      latestVersion: latest?.version ?? null,
      hasErrors: latest ? latest.hasErrors : null,
      sideEffecting: analysis?.sideEffecting ?? null,
      idempotent: analysis?.idempotent ?? null,
      requiresApproval: analysis?.requiresApproval ?? null,
      usedBy: t.agentLinks.length,
      updatedAt: t.updatedAt.toISOString(),
    };
  });
}
