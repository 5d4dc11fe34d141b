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
 */
import { ZodError, type core } from "zod";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import { jsonColumn, readJsonColumn } from "../db/json-column";
import type { AgentConfig } from "./agent-input.shared";
import type { AgentToolEntry } from "./agent-tools.shared";
import { versionConfigOf, type VersionConfig } from "./agent-version-config.shared";
import { sameVersionConfig } from "./agent-version-diff.shared";
import type { AgentWideState } from "./agent-view";
import { syncLiveToolRows } from "./live-tool-rows";
import { agentToolCycleMessage, findAgentToolCycle } from "./check-agent-tool-cycles.shared";
import { resolveMcpToolEntry } from "../mcp/resolve-mcp-tool-entry";
import { duplicateToolMessage } from "../tools/tool-registry";
import { getAgent } from "./read-agent";
import { agentSkillIssues } from "../skills/check-agent-skills";
import { modelConfigEgressIssues } from "../models/model-egress";
import { responseFieldClashes } from "./action-model.shared";
import { WORKSPACE_TOOL_NAMES } from "../workspace-files/workspace-tools";

type Issue = core.$ZodIssue;

interface ResolvedTool {
  kind: "tool" | "builtin" | "agent" | "mcp";
  name: string;
  toolId?: string;
  toolVersionId?: string;
  /** A saved tool not pinned: each run takes its newest runnable version. */
  follow?: boolean;
  builtin?: "memory" | "workspace";
  /** The workspace entry: whose files. */
  scope?: "conversation" | "agent";
  /** Every name the model sees for this entry when it gives more than one tool (the workspace set). */
  names?: readonly string[];
  childAgentId?: string;
  sideEffecting?: boolean;
  mcpServerId?: string;
  mcpTool?: string;
  mcpAs?: string;
  /** Position in the submitted list. */
  index?: number;
}

function issue(path: (string | number)[], message: string): Issue {
  return { code: "custom", path, message, input: undefined } as Issue;
}

async function resolveTools(
  db: Db,
  workspaceId: string,
  selfId: string | null,
  tools: AgentConfig["tools"],
  issues: Issue[],
): Promise<ResolvedTool[]> {
  const out: ResolvedTool[] = [];
  const seen = new Map<string, number>();
  for (const [i, entry] of tools.entries()) {
    const identity =
      "toolId" in entry
        ? `tool:${entry.toolId}`
        : "builtin" in entry
          ? `builtin:${entry.builtin}`
          : "mcpServerId" in entry
            ? `mcp:${entry.mcpServerId}:${entry.tool}`
            : `agent:${entry.agentId}`;
    if (seen.has(identity)) {
      issues.push(issue(["tools", i], `this tool is already listed at position ${seen.get(identity)! + 1}`));
      continue;
    }
    seen.set(identity, i);
    if ("builtin" in entry) {
      out.push(
        entry.builtin === "workspace"
          ? {
              kind: "builtin",
              name: "workspace",
              builtin: "workspace",
              scope: entry.scope,
              names: WORKSPACE_TOOL_NAMES,
              index: i,
            }
          : { kind: "builtin", name: "memory", builtin: "memory", sideEffecting: true, index: i },
      );
    } else if ("mcpServerId" in entry) {
      const resolved = await resolveMcpToolEntry(db, workspaceId, entry);
      if (!resolved.ok) issues.push(issue(["tools", i, ...resolved.path], resolved.message));
      else
        out.push({
          kind: "mcp",
          name: resolved.name,
          mcpServerId: entry.mcpServerId,
          mcpTool: entry.tool,
          mcpAs: entry.as,
          index: i,
        });
    } else if ("toolId" in entry) {
      const tool = await db.tool.findUnique({ where: { id: entry.toolId } });
      if (!tool || tool.workspaceId !== workspaceId) {
        issues.push(issue(["tools", i, "toolId"], `no tool with id '${entry.toolId}' in this workspace`));
        continue;
      }
      if (entry.follow === "latest") {
        // Followed: each run takes the newest version without definition errors; one must exist now.
        const runnable = await db.toolVersion.findFirst({
          where: { toolId: tool.id, hasErrors: false },
          orderBy: { version: "desc" },
        });
        if (!runnable) {
          issues.push(
            issue(
              ["tools", i, "toolId"],
              `tool '${tool.name}' has no version without definition errors to follow; fix it in the Tool Studio first`,
            ),
          );
          continue;
        }
        const analysis = (runnable.analysis ?? {}) as { name?: string; sideEffecting?: boolean };
        out.push({ kind: "tool", name: analysis.name ?? tool.name, toolId: tool.id, follow: true, index: i });
        continue;
      }
      const version = entry.toolVersionId
        ? await db.toolVersion.findFirst({ where: { id: entry.toolVersionId, toolId: tool.id } })
        : await db.toolVersion.findFirst({ where: { toolId: tool.id }, orderBy: { version: "desc" } });
      if (!version) {
        issues.push(
          issue(
            ["tools", i, entry.toolVersionId ? "toolVersionId" : "toolId"],
            entry.toolVersionId
              ? `tool '${tool.name}' has no version '${entry.toolVersionId}'`
              : `tool '${tool.name}' has no saved version yet`,
          ),
        );
        continue;
      }
      if (version.hasErrors) {
        issues.push(
          issue(
            ["tools", i, "toolId"],
            `tool '${tool.name}' v${version.version} has definition errors; fix them in the Tool Studio before attaching it`,
          ),
        );
        continue;
      }
      const analysis = (version.analysis ?? {}) as { name?: string; sideEffecting?: boolean };
      out.push({
        kind: "tool",
        name: analysis.name ?? tool.name,
        toolId: tool.id,
        toolVersionId: version.id,
        sideEffecting: analysis.sideEffecting,
        index: i,
      });
    } else {
      if (selfId !== null && entry.agentId === selfId) {
        issues.push(issue(["tools", i, "agentId"], "an agent cannot use itself as a tool"));
        continue;
      }
      const child = await db.agent.findUnique({ where: { id: entry.agentId } });
      if (!child || child.workspaceId !== workspaceId) {
        issues.push(issue(["tools", i, "agentId"], `no agent with id '${entry.agentId}' in this workspace`));
        continue;
      }
      out.push({
        kind: "agent",
        name: child.name,
        childAgentId: child.id,
        sideEffecting: entry.sideEffecting,
        index: i,
      });
    }
  }
  // The model sees tools by name: two with one name would be ambiguous.
  const byName = new Map<string, number>();
  out.forEach((t) => {
    const i = t.index!;
    for (const name of t.names ?? [t.name]) {
      if (byName.has(name)) {
        const other = out.find((o) => o.index === byName.get(name));
        // Imported MCP tools clash with the tool registry's own words (rename one with "as").
        const message =
          t.kind === "mcp" || other?.kind === "mcp"
            ? `${duplicateToolMessage(name)} (positions ${byName.get(name)! + 1} and ${i + 1}; rename the MCP tool with "as")`
            : t.builtin === "workspace" || other?.builtin === "workspace"
              ? `two tools would be named '${name}' (positions ${byName.get(name)! + 1} and ${i + 1}): the workspace files tool set includes '${name}'; rename the other tool or leave out one of them`
              : `two tools would be named '${name}' (positions ${byName.get(name)! + 1} and ${i + 1}); the model could not tell them apart`;
        issues.push(issue(["tools", i], message));
      } else byName.set(name, i);
    }
  });
  return out;
}

async function checkCycles(
  db: Db,
  selfId: string,
  selfName: string,
  config: AgentConfig,
  resolved: ResolvedTool[],
  issues: Issue[],
) {
  const children = resolved.filter((t) => t.kind === "agent").map((t) => t.childAgentId!);
  if (children.length === 0) return;
  const edges = await db.agentTool.findMany({
    where: { kind: "agent" },
    select: { agentId: true, childAgentId: true },
  });
  const cycle = findAgentToolCycle(
    selfId,
    children,
    edges.map((e) => ({ from: e.agentId, to: e.childAgentId! })),
  );
  if (!cycle) return;
  const names = new Map(
    (await db.agent.findMany({ where: { id: { in: cycle } }, select: { id: true, name: true } })).map((a) => [
      a.id,
      a.name,
    ]),
  );
  names.set(selfId, selfName);
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

/** A resolved tool as the version stores it: a saved tool pinned (or following the latest), and the rest as given. */
function entryOf(t: ResolvedTool): AgentToolEntry {
  if (t.kind === "builtin")
    return t.builtin === "workspace"
      ? { builtin: "workspace", ...(t.scope ? { scope: t.scope } : {}) }
      : { builtin: "memory" };
  if (t.kind === "agent") return { agentId: t.childAgentId!, sideEffecting: t.sideEffecting ?? false };
  if (t.kind === "mcp") return { mcpServerId: t.mcpServerId!, tool: t.mcpTool!, ...(t.mcpAs ? { as: t.mcpAs } : {}) };
  return t.follow ? { toolId: t.toolId!, follow: "latest" } : { toolId: t.toolId!, toolVersionId: t.toolVersionId! };
}

/** Who saved: recorded on the version. */
export interface SavedBy {
  id: string | null;
  name: string | null;
}

async function write(
  db: Db,
  config: AgentConfig,
  existing: { id: string; workspaceId: string; config: unknown; latestVersion: number } | null,
  by: SavedBy | null,
  workspace?: string,
) {
  const workspaceId = existing?.workspaceId ?? workspace ?? (await currentWorkspaceId(db));
  const issues: Issue[] = [];
  const clash = await db.agent.findFirst({
    where: { workspaceId, name: config.name, ...(existing ? { NOT: { id: existing.id } } : {}) },
  });
  if (clash) issues.push(issue(["name"], `an agent named '${config.name}' already exists`));
  const resolved = await resolveTools(db, workspaceId, existing?.id ?? null, config.tools, issues);
  if (existing) await checkCycles(db, existing.id, config.name, config, resolved, issues);
  // Attached skills exist, and their built-in tools (load_skill, read_skill_resource) clash with no tool.
  for (const s of await agentSkillIssues(db, config.skills, resolved)) issues.push(issue(s.path, s.message));
  // A structured-mode response holds the fields beside the action named like a tool: one name, one meaning.
  for (const c of responseFieldClashes(
    config.responseFields,
    resolved.map((t) => t.name),
  ))
    issues.push(issue(["responseFields", c.index, "name"], c.message));
  issues.push(...modelEgressIssues(config));
  if (issues.length) throw new ZodError(issues);
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
  const id = await db.$transaction(async (tx) => {
    if (!existing) {
      const row = await tx.agent.create({
        data: { workspaceId, name: config.name, config: jsonColumn(wide), latestVersion: 1 },
      });
      await tx.agentVersion.create({
        data: { agentId: row.id, version: 1, config: jsonColumn(next), createdById: by?.id, createdByName: by?.name },
      });
      await syncLiveToolRows(tx, row.id);
      return row.id;
    }
    const latest = await tx.agentVersion.findUnique({
      where: { agentId_version: { agentId: existing.id, version: existing.latestVersion } },
    });
    const unchanged = latest && sameVersionConfig(readJsonColumn<VersionConfig>(latest.config), next);
    const version = unchanged ? existing.latestVersion : existing.latestVersion + 1;
    // A save equal to the latest version changes only the agent-wide state (name, limits, active model).
    await tx.agent.update({
      where: { id: existing.id },
      data: { name: config.name, config: jsonColumn(wide), latestVersion: version },
    });
    if (!unchanged) {
      await tx.agentVersion.create({
        data: { agentId: existing.id, version, config: jsonColumn(next), createdById: by?.id, createdByName: by?.name },
      });
      await syncLiveToolRows(tx, existing.id);
    }
    return existing.id;
  });
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
