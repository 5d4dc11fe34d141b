/**
 * An agent's tool entries resolved against the workspace (save-agent.ts checks a configuration with
 * it): each tool exists, its attached version has no definition errors (a tool without a pin is
 * pinned to its newest version; one that follows the latest needs a runnable version now), nothing
 * is listed twice, no agent uses itself, MCP tools resolve on their server, and no two tools give
 * the model one name. Each problem is a zod issue at the entry's path.
 */
import type { core } from "zod";
import type { Db } from "../db/client";
import type { AgentConfig } from "./agent-input.shared";
import type { AgentToolEntry } from "./agent-tools.shared";
import { resolveMcpToolEntry } from "../mcp/resolve-mcp-tool-entry";
import { duplicateToolMessage } from "../tools/tool-registry";
import { WORKSPACE_TOOL_NAMES } from "../workspace-files/workspace-tools";

export type Issue = core.$ZodIssue;

export interface ResolvedTool {
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

export function issue(path: (string | number)[], message: string): Issue {
  return { code: "custom", path, message, input: undefined } as Issue;
}

export async function resolveTools(
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

/** A resolved tool as the version stores it: a saved tool pinned (or following the latest), and the rest as given. */
export function entryOf(t: ResolvedTool): AgentToolEntry {
  if (t.kind === "builtin")
    return t.builtin === "workspace"
      ? { builtin: "workspace", ...(t.scope ? { scope: t.scope } : {}) }
      : { builtin: "memory" };
  if (t.kind === "agent") return { agentId: t.childAgentId!, sideEffecting: t.sideEffecting ?? false };
  if (t.kind === "mcp") return { mcpServerId: t.mcpServerId!, tool: t.mcpTool!, ...(t.mcpAs ? { as: t.mcpAs } : {}) };
  return t.follow ? { toolId: t.toolId!, follow: "latest" } : { toolId: t.toolId!, toolVersionId: t.toolVersionId! };
}
