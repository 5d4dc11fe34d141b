/**
 * Release labels and which version a caller gets (README "Labels"). `production` and `staging`
 * exist for every agent (null until set); authors add others by moving them. Moving a label is
 * audited and never edits a version; rolling back is moving `production` to an older version.
 */
import type { Principal } from "../auth/roles";
import { recordAudit } from "../auth/audit-log";
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { NotFoundError } from "../errors";
import { BUILT_IN_LABELS, DEFAULT_LABEL, type AgentLabels } from "./agent-label.shared";
import type { VersionConfig } from "./agent-version-config.shared";
import { assertToolsPresent } from "./version-tools-present";
import { freezeFollowedTools } from "./freeze-tools";
import { syncLiveToolRows } from "./live-tool-rows";

async function agentOrThrow(db: Db, agentId: string) {
  const agent = await db.agent.findUnique({ where: { id: agentId } });
  if (!agent) throw new NotFoundError(`No agent with id '${agentId}'.`);
  return agent;
}

/** Every label of the agent: the built-in two first (null while unset), then the others by name. */
export async function listLabels(db: Db, agentId: string): Promise<AgentLabels> {
  await agentOrThrow(db, agentId);
  const rows = await db.agentLabel.findMany({ where: { agentId }, orderBy: { label: "asc" } });
  const labels: AgentLabels = {};
  for (const l of BUILT_IN_LABELS) labels[l] = null;
  for (const r of rows) labels[r.label] = r.version;
  return labels;
}

export interface ResolvedVersion {
  version: number;
  /** The label it was resolved from (null for a version asked for by number). */
  label: string | null;
}

/**
 * The version a conversation (or an export) gets: the version asked for; a label's version (an
 * unset built-in label is the latest version); neither: `production`, or the latest while it is unset.
 * An unknown version or label is a 404.
 */
export async function resolveAgentVersion(
  db: Db,
  agentId: string,
  selector: { version?: number; label?: string },
): Promise<ResolvedVersion> {
  const agent = await agentOrThrow(db, agentId);
  if (selector.version !== undefined) {
    const exists = await db.agentVersion.findUnique({
      where: { agentId_version: { agentId, version: selector.version } },
      select: { version: true },
    });
    if (!exists)
      throw new NotFoundError(
        `Agent '${agent.name}' has no version ${selector.version} (its latest is ${agent.latestVersion}).`,
      );
    return { version: selector.version, label: null };
  }
  const label = selector.label ?? DEFAULT_LABEL;
  const row = await db.agentLabel.findUnique({ where: { agentId_label: { agentId, label } } });
  if (row) return { version: row.version, label };
  if (!(BUILT_IN_LABELS as readonly string[]).includes(label))
    throw new NotFoundError(`Agent '${agent.name}' has no label '${label}'.`);
  return { version: agent.latestVersion, label };
}

export interface MovedLabel {
  label: string;
  version: number;
  /** Where it pointed before (null: unset). */
  previous: number | null;
  /** With freezeTools: the new version holding the frozen tools (the label points at it). */
  frozenFrom?: number;
}

/**
 * Creates or moves `label` to `version` (an unknown version is a 404; a version using a tool
 * deleted since is refused, naming it). With `freezeTools`, a version whose tool entries follow
 * the latest is first saved again as a new version with each of them pinned to its current
 * version, and the label points at that one.
 */
export async function moveLabel(
  db: Db,
  agentId: string,
  label: string,
  version: number,
  actor: Principal | null,
  options: { freezeTools?: boolean } = {},
): Promise<MovedLabel> {
  const agent = await agentOrThrow(db, agentId);
  const target = await db.agentVersion.findUnique({ where: { agentId_version: { agentId, version } } });
  if (!target)
    throw new NotFoundError(`Agent '${agent.name}' has no version ${version} (its latest is ${agent.latestVersion}).`);
  const config = readJsonColumn<VersionConfig>(target.config);
  await assertToolsPresent(db, agent.name, version, config);
  const previous = (await db.agentLabel.findUnique({ where: { agentId_label: { agentId, label } } }))?.version ?? null;
  const moved = await db.$transaction(async (tx) => {
    let to = version;
    let frozenFrom: number | undefined;
    if (options.freezeTools) {
      const frozen = await freezeFollowedTools(tx, agentId, config, actor);
      if (frozen !== null) {
        frozenFrom = version;
        to = frozen;
      }
    }
    await tx.agentLabel.upsert({
      where: { agentId_label: { agentId, label } },
      create: { agentId, label, version: to, updatedByName: actor?.name ?? null },
      update: { version: to, updatedByName: actor?.name ?? null },
    });
    await syncLiveToolRows(tx, agentId);
    return { label, version: to, previous, ...(frozenFrom !== undefined ? { frozenFrom } : {}) };
  });
  await recordAudit(db, {
    actor,
    action: "agent.label_moved",
    target: `agent:${agent.name}`,
    details: { agentId, label, from: previous, to: moved.version, frozenFrom: moved.frozenFrom ?? null },
  });
  return moved;
}
