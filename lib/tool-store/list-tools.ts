/** The tools of a workspace with their latest version's state, for the tools list. */
import type { Db } from "../db/client";

export interface ToolSummary {
  id: string;
  name: string;
  latestVersion: number | null;
  hasErrors: boolean | null;
  sideEffecting: boolean | null;
  idempotent: boolean | null;
  requiresApproval: boolean | null;
  usedBy: number;
  updatedAt: string;
}

export async function listTools(db: Db): Promise<ToolSummary[]> {
  const tools = await db.tool.findMany({
    orderBy: { name: "asc" },
    include: {
      versions: { orderBy: { version: "desc" }, take: 1 },
      _count: { select: { agentLinks: true } },
    },
  });
  return tools.map((t) => {
    const latest = t.versions[0];
    const analysis = (latest?.analysis ?? null) as { sideEffecting?: boolean; idempotent?: boolean; requiresApproval?: boolean } | null;
    return {
      id: t.id,
      name: t.name,
      latestVersion: latest?.version ?? null,
      hasErrors: latest ? latest.hasErrors : null,
      sideEffecting: analysis?.sideEffecting ?? null,
      idempotent: analysis?.idempotent ?? null,
      requiresApproval: analysis?.requiresApproval ?? null,
      usedBy: t._count.agentLinks,
      updatedAt: t.updatedAt.toISOString(),
    };
  });
}
