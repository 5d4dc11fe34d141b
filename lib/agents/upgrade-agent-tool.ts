/**
 * "Upgrade": an agent whose latest version pins an older version of a tool is saved again as a new
 * version pinning the tool's newest version without definition errors (README "Versions"). Only
 * that tool's entry changes; the save rules apply as to any save. Labels stay where they are: the
 * caller is told where `production` points, so moving it stays a decision of its own.
 */
import type { Db } from "../db/client";
import { NotFoundError } from "../errors";
import { AgentInput } from "./agent-input.shared";
import { DEFAULT_LABEL } from "./agent-label.shared";
import { getAgent } from "./read-agent";
import { updateAgent, type SavedBy } from "./save-agent";
import type { ToolUpgradeResult } from "../tool-store/tool-views.shared";

/** Pins the agent's latest version to the tool's newest runnable version, saving a new agent version when that changes it. */
export async function upgradeAgentTool(
  db: Db,
  agentId: string,
  toolId: string,
  by: SavedBy | null,
): Promise<ToolUpgradeResult> {
  const runnable = await db.toolVersion.findFirst({
    where: { toolId, hasErrors: false },
    orderBy: { version: "desc" },
    select: { id: true, version: true },
  });
  if (!runnable) throw new NotFoundError(`Tool ${toolId} has no version without definition errors to upgrade to.`);
  const agent = await getAgent(db, agentId);
  const pinnedIds = agent.tools.flatMap((e) =>
    "toolId" in e && e.toolId === toolId && e.toolVersionId && e.toolVersionId !== runnable.id ? [e.toolVersionId] : [],
  );
  const before = pinnedIds.length
    ? await db.toolVersion.findFirst({ where: { id: { in: pinnedIds } }, select: { version: true } })
    : null;
  const production = await db.agentLabel.findUnique({
    where: { agentId_label: { agentId, label: DEFAULT_LABEL } },
    select: { version: true },
  });
  const result = {
    agentId,
    name: agent.name,
    fromVersion: before?.version ?? null,
    toVersion: runnable.version,
    previousAgentVersion: agent.version,
    productionVersion: production?.version ?? null,
  };
  if (!pinnedIds.length) return { ...result, status: "current", agentVersion: agent.version };
  const tools = agent.tools.map((e) =>
    "toolId" in e && e.toolId === toolId && e.toolVersionId ? { ...e, toolVersionId: runnable.id } : e,
  );
  const { id: _i, version: _v, modelSwitches: _m, createdAt: _c, updatedAt: _u, ...config } = agent;
  const saved = await updateAgent(db, agentId, AgentInput.parse({ ...config, tools }), by);
  return { ...result, status: "upgraded", agentVersion: saved.version };
}
