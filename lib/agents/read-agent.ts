/**
 * Loading agents from the database into their API shape: the agent-wide state (name, lifetime
 * limits, active model, switch history) from the Agent row, and the configuration of one version —
 * the latest unless asked for another (README "Versions").
 */
import { ZodError } from "zod";
import { NotFoundError } from "../errors";
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { AgentConfigError } from "./agent-config-error";
import { AgentInput } from "./agent-input.shared";
import { activeModelOf, type VersionConfig } from "./agent-version-config.shared";
import type { AgentView, ModelSwitchRecord } from "./agent-view.shared";
import type { AgentWideState } from "./agent-view";

type AgentRow = Awaited<ReturnType<Db["agent"]["findUniqueOrThrow"]>>;
type VersionRow = Awaited<ReturnType<Db["agentVersion"]["findUniqueOrThrow"]>>;

export function toAgentView(row: AgentRow, version: VersionRow): AgentView {
  const wide = readJsonColumn<Partial<AgentWideState> | null>(row.config) ?? {};
  const stored = readJsonColumn<Partial<VersionConfig> | null>(version.config) ?? {};
  const { toolNames: _names, model: _model, ...rest } = stored;
  let model: unknown;
  try {
    model = activeModelOf({ model: stored.model, roster: stored.roster ?? [] }, wide.model ?? null);
  } catch {
    model = undefined;
  }
  const parsed = AgentInput.safeParse({
    ...rest,
    model,
    roster: stored.roster ?? [],
    agentLimits: wide.agentLimits,
    name: row.name,
  });
  if (!parsed.success) {
    const issues = (parsed.error as ZodError).issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new AgentConfigError(
      `The stored configuration of agent '${row.name}' v${version.version} is no longer valid: ${issues[0]?.path}: ${issues[0]?.message}`,
      row.id,
      issues,
    );
  }
  return {
    id: row.id,
    ...parsed.data,
    version: version.version,
    modelSwitches: Array.isArray(wide.modelSwitches) ? (wide.modelSwitches as ModelSwitchRecord[]) : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The agent at `version` (default: its latest). */
export async function getAgent(db: Db, id: string, version?: number): Promise<AgentView> {
  const row = await db.agent.findUnique({ where: { id } });
  if (!row) throw new NotFoundError(`No agent with id '${id}'.`);
  const n = version ?? row.latestVersion;
  const v = await db.agentVersion.findUnique({ where: { agentId_version: { agentId: id, version: n } } });
  if (!v) throw new NotFoundError(`Agent '${row.name}' has no version ${n} (its latest is ${row.latestVersion}).`);
  return toAgentView(row, v);
}
