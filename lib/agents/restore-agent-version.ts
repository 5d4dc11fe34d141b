/**
 * "Restore as new version": an older version's configuration saved again as the newest one (the
 * save rules apply as to any save; nothing is rewritten). A version using a tool deleted since is
 * refused, naming it. The name and lifetime limits stay the agent's current ones.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { NotFoundError } from "../errors";
import { AgentInput } from "./agent-input.shared";
import type { VersionConfig } from "./agent-version-config.shared";
import { getAgent } from "./read-agent";
import { updateAgent, type SavedBy } from "./save-agent";
import { assertToolsPresent } from "./version-tools-present";

export async function restoreAgentVersion(db: Db, agentId: string, version: number, by: SavedBy | null) {
  const agent = await db.agent.findUnique({ where: { id: agentId } });
  if (!agent) throw new NotFoundError(`No agent with id '${agentId}'.`);
  const row = await db.agentVersion.findUnique({ where: { agentId_version: { agentId, version } } });
  if (!row)
    throw new NotFoundError(`Agent '${agent.name}' has no version ${version} (its latest is ${agent.latestVersion}).`);
  await assertToolsPresent(db, agent.name, version, readJsonColumn<VersionConfig>(row.config));
  const old = await getAgent(db, agentId, version);
  const current = await getAgent(db, agentId);
  const { id: _i, version: _v, modelSwitches: _m, createdAt: _c, updatedAt: _u, ...config } = old;
  return updateAgent(
    db,
    agentId,
    AgentInput.parse({ ...config, name: current.name, agentLimits: current.agentLimits }),
    by,
  );
}
