/**
 * Creating and updating agents. The configuration is parsed by AgentInput (every rule that needs
 * no database); here come the rules that do: tools exist, their attached version has no
 * definition errors, nothing is listed twice or under a clashing name, agents-as-tools close no
 * cycle, no response field is named like one of the tools, the name is free in the workspace, and
 * every model base URL typed in the studio passes the egress policy's save-time check (no DNS;
 * `ATELIER_MODEL_EGRESS_ALLOW`). Each problem is a zod issue at the field's path (HTTP 400).
 * Saving never needs a provider key.
 *
 * Every save that changes the configuration is a new immutable version (README "Versions"); a save
 * equal to the latest version creates none. The name, lifetime limits and active model are
 * agent-wide state on the Agent row.
 *
 * Checking and writing are separate steps (`checkAgentSave`, then `writeCheckedAgent` inside a
 * transaction), so the canvas (lib/canvas/save-canvas.ts) checks several agents first and writes
 * them all in one transaction, with the same rules and messages as the form.
 */
import { ZodError } from "zod";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import { jsonColumn, readJsonColumn } from "../db/json-column";
import type { AgentConfig } from "./agent-input.shared";
import { versionConfigOf, type VersionConfig } from "./agent-version-config.shared";
import { sameVersionConfig } from "./agent-version-diff.shared";
import type { AgentWideState } from "./agent-view";
import { syncLiveToolRows, type Tx } from "./live-tool-rows";
import { agentToolCycleMessage, findAgentToolCycle, type AgentEdge } from "./check-agent-tool-cycles.shared";
import { entryOf, issue, resolveTools, type Issue, type ResolvedTool } from "./resolve-agent-tools";
import { getAgent } from "./read-agent";
import { agentSkillIssues } from "../skills/check-agent-skills";
import { modelConfigEgressIssues } from "../models/model-egress";
import { responseFieldClashes } from "./action-model.shared";

/**
 * The "uses as a tool" edges a cycle is judged on, and the names its message gives: by default the
 * stored ones (AgentTool rows, the agents' names); the canvas passes the edited graph's.
 */
export interface CycleGraph {
  /** Every agent → child edge except the saved agent's own (they are being replaced). */
  edges: readonly AgentEdge[];
  /** Names to give agents in the message (others are read from the database). */
  names?: ReadonlyMap<string, string>;
}

async function storedCycleGraph(db: Db): Promise<CycleGraph> {
  const edges = await db.agentTool.findMany({
    where: { kind: "agent" },
    select: { agentId: true, childAgentId: true },
  });
  return { edges: edges.map((e) => ({ from: e.agentId, to: e.childAgentId! })) };
}

async function checkCycles(
  db: Db,
  selfId: string,
  config: AgentConfig,
  resolved: ResolvedTool[],
  issues: Issue[],
  graph?: CycleGraph,
) {
  const children = resolved.filter((t) => t.kind === "agent").map((t) => t.childAgentId!);
  if (children.length === 0) return;
  const { edges, names: given } = graph ?? (await storedCycleGraph(db));
  const cycle = findAgentToolCycle(selfId, children, edges);
  if (!cycle) return;
  const names = new Map(
    (await db.agent.findMany({ where: { id: { in: cycle } }, select: { id: true, name: true } })).map((a) => [
      a.id,
      a.name,
    ]),
  );
  for (const [id, name] of given ?? []) names.set(id, name);
  names.set(selfId, config.name);
  const index = config.tools.findIndex((e) => "agentId" in e && e.agentId === cycle[1]);
  issues.push(
    issue(
      ["tools", index, "agentId"],
      agentToolCycleMessage(cycle, (id) => names.get(id)),
    ),
  );
}

/**
 * Base URLs typed in the studio that the egress policy refuses (lib/models/model-egress.ts: checked
 * now without resolving names, and again on every request). Paths as the editor sends them: a
 * single model's at `model.…`, a roster's (whose active entry is one of its elements) at `model.N.…`.
 */
function modelEgressIssues(config: AgentConfig): Issue[] {
  const entries: Array<{ cfg: AgentConfig["model"]; at: (string | number)[] }> =
    config.roster.length === 0
      ? [{ cfg: config.model, at: ["model"] }]
      : config.roster.map((cfg, i) => ({ cfg, at: ["model", i] }));
  return entries.flatMap(({ cfg, at }) =>
    modelConfigEgressIssues(cfg).map((i) => issue([...at, ...i.path], i.message)),
  );
}

/** Who saved: recorded on the version. */
export interface SavedBy {
  id: string | null;
  name: string | null;
}

type ExistingAgent = { id: string; workspaceId: string; config: unknown; latestVersion: number };

/** A configuration checked against the workspace: its issues, or what to write. */
export interface CheckedAgent {
  issues: Issue[];
  workspaceId: string;
  existing: ExistingAgent | null;
  name: string;
  wide: AgentWideState;
  /** The version's configuration, tools as resolved (pinned). */
  next: VersionConfig;
}

/**
 * Every rule of a save that needs the database, for a new agent (`existing` null) or a new version
 * of an existing one. Writes nothing; `cycles` replaces the stored graph cycles are judged on.
 */
export async function checkAgentSave(
  db: Db,
  config: AgentConfig,
  existing: ExistingAgent | null,
  options: { workspaceId?: string; cycles?: CycleGraph } = {},
): Promise<CheckedAgent> {
  const workspaceId = existing?.workspaceId ?? options.workspaceId ?? (await currentWorkspaceId(db));
  const issues: Issue[] = [];
  const clash = await db.agent.findFirst({
    where: { workspaceId, name: config.name, ...(existing ? { NOT: { id: existing.id } } : {}) },
  });
  if (clash) issues.push(issue(["name"], `an agent named '${config.name}' already exists`));
  const resolved = await resolveTools(db, workspaceId, existing?.id ?? null, config.tools, issues);
  if (existing) await checkCycles(db, existing.id, config, resolved, issues, options.cycles);
  // Attached skills exist, and their built-in tools (load_skill, read_skill_resource) clash with no tool.
  for (const s of await agentSkillIssues(db, config.skills, resolved)) issues.push(issue(s.path, s.message));
  // A structured-mode response holds the fields beside the action named like a tool: one name, one meaning.
  for (const c of responseFieldClashes(
    config.responseFields,
    resolved.map((t) => t.name),
  ))
    issues.push(issue(["responseFields", c.index, "name"], c.message));
  issues.push(...modelEgressIssues(config));
  const previous = readJsonColumn<Partial<AgentWideState> | null>(existing?.config ?? null);
  const wide: AgentWideState = {
    agentLimits: config.agentLimits,
    model: config.model,
    ...(previous?.modelSwitches ? { modelSwitches: previous.modelSwitches } : {}),
  };
  const next = versionConfigOf(
    config,
    resolved.map(entryOf),
    resolved.map((t) => t.name),
  );
  return { issues, workspaceId, existing, name: config.name, wide, next };
}

/**
 * Writes a checked configuration inside the caller's transaction: a new agent at version 1, or a
 * new version of an existing one — none when equal to its latest (then only the agent-wide state
 * is written). Answers the agent's id, the version it is at and whether a version was created.
 */
export async function writeCheckedAgent(
  tx: Tx,
  checked: CheckedAgent,
  by: SavedBy | null,
): Promise<{ id: string; version: number; changed: boolean }> {
  const { existing, wide, next, name, workspaceId } = checked;
  if (!existing) {
    const row = await tx.agent.create({
      data: { workspaceId, name, config: jsonColumn(wide), latestVersion: 1 },
    });
    await tx.agentVersion.create({
      data: { agentId: row.id, version: 1, config: jsonColumn(next), createdById: by?.id, createdByName: by?.name },
    });
    await syncLiveToolRows(tx, row.id);
    return { id: row.id, version: 1, changed: true };
  }
  const latest = await tx.agentVersion.findUnique({
    where: { agentId_version: { agentId: existing.id, version: existing.latestVersion } },
  });
  const unchanged = latest && sameVersionConfig(readJsonColumn<VersionConfig>(latest.config), next);
  const version = unchanged ? existing.latestVersion : existing.latestVersion + 1;
  // A save equal to the latest version changes only the agent-wide state (name, limits, active model).
  await tx.agent.update({
    where: { id: existing.id },
    data: { name, config: jsonColumn(wide), latestVersion: version },
  });
  if (!unchanged) {
    await tx.agentVersion.create({
      data: { agentId: existing.id, version, config: jsonColumn(next), createdById: by?.id, createdByName: by?.name },
    });
    await syncLiveToolRows(tx, existing.id);
  }
  return { id: existing.id, version, changed: !unchanged };
}

async function write(
  db: Db,
  config: AgentConfig,
  existing: ExistingAgent | null,
  by: SavedBy | null,
  workspace?: string,
) {
  const checked = await checkAgentSave(db, config, existing, { workspaceId: workspace });
  if (checked.issues.length) throw new ZodError(checked.issues);
  const { id } = await db.$transaction((tx) => writeCheckedAgent(tx, checked, by));
  return getAgent(db, id);
}

/** Creates an agent: its agent-wide state and version 1. */
export async function createAgent(db: Db, config: AgentConfig, by: SavedBy | null = null, workspaceId?: string) {
  return write(db, config, null, by, workspaceId);
}

/** Saves a new version (none when equal to the latest) and the agent-wide state. */
export async function updateAgent(db: Db, id: string, config: AgentConfig, by: SavedBy | null = null) {
  const existing = await db.agent.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(`No agent with id '${id}'.`);
  return write(db, config, existing, by);
}
