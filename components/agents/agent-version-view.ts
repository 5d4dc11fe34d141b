/**
 * Pure helpers of the versions UI: the versioned part of an AgentView, how a tool entry and a
 * changed value read, the prompt's line diff laid out side by side, and which version a new
 * conversation starts on. No React: unit-tested in agent-version-view.test.ts.
 */
import type { AgentToolEntry } from "@/lib/agents/agent-tools.shared";
import { versionConfigOf, type VersionConfig } from "@/lib/agents/agent-version-config.shared";
import { diffLines, diffVersionConfigs, type VersionChange } from "@/lib/agents/agent-version-diff.shared";
import type { AgentView } from "@/lib/agents/agent-view.shared";

/** The configuration a version holds, from the agent as the version route answers it. */
export function versionConfigOfView(agent: AgentView): VersionConfig {
  const { id: _i, version: _v, modelSwitches: _m, createdAt: _c, updatedAt: _u, ...config } = agent;
  return versionConfigOf(config);
}

/** Whether a version has tool entries that follow the tool's latest version (a label move may freeze them). */
export function followsLatest(tools: readonly AgentToolEntry[]): boolean {
  return tools.some((t) => "toolId" in t && t.follow === "latest");
}

/** A tool entry as a person reads it, with the name the model saw for it at save. */
export function describeToolEntry(entry: AgentToolEntry, name: string | undefined): string {
  if ("builtin" in entry)
    return `${name ?? entry.builtin} (built-in${entry.builtin === "workspace" ? `, files per ${entry.scope ?? "conversation"}` : ""})`;
  if ("mcpServerId" in entry)
    return `${name ?? entry.as ?? entry.tool} (MCP ${entry.tool}${entry.as ? ` as ${entry.as}` : ""})`;
  if ("agentId" in entry) return `${name ?? entry.agentId} (agent${entry.sideEffecting ? ", side-effecting" : ""})`;
  const pin = entry.follow === "latest" ? "follows latest" : entry.toolVersionId ? "pinned" : "latest at save";
  return `${name ?? entry.toolId} (${pin})`;
}

/** A changed value, short: absent, a scalar as written, anything else as compact JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined) return "—";
  if (typeof value === "string") return JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

export interface FieldRow {
  path: string;
  before: string;
  after: string;
}

export interface VersionDiff {
  /** The prompt template side by side; null when it did not change. */
  prompt: SideBySideRow[] | null;
  /** Every other change, field by field. */
  fields: FieldRow[];
}

/** What changed from one version to another, ready to show (tool entries named). */
export function versionDiff(
  before: { config: VersionConfig; toolNames: readonly string[] },
  after: { config: VersionConfig; toolNames: readonly string[] },
): VersionDiff {
  const changes: VersionChange[] = diffVersionConfigs(before.config, after.config);
  const toolAt = (side: typeof before, value: unknown, path: string) => {
    if (value === undefined) return "—";
    const i = Number(path.split(".")[1]);
    return describeToolEntry(value as AgentToolEntry, side.toolNames[i]);
  };
  let prompt: SideBySideRow[] | null = null;
  const fields: FieldRow[] = [];
  for (const c of changes) {
    if (c.path === "prompt.template") {
      prompt = sideBySide(diffLines(String(c.before ?? ""), String(c.after ?? "")));
      continue;
    }
    const isTool = /^tools\.\d+$/.test(c.path);
    fields.push({
      path: c.path,
      before: isTool ? toolAt(before, c.before, c.path) : formatValue(c.before),
      after: isTool ? toolAt(after, c.after, c.path) : formatValue(c.after),
    });
  }
  return { prompt, fields };
}

export interface SideBySideRow {
  /** The older line (null: nothing on that side). */
  left: string | null;
  right: string | null;
  kind: "same" | "changed" | "removed" | "added";
}

/**
 * A line diff as rows of two columns: kept lines on both sides; a run of removed lines beside the
 * run of added lines that follows it, paired row by row.
 */
export function sideBySide(
  lines: ReadonlyArray<{ kind: "same" | "removed" | "added"; text: string }>,
): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].kind === "same") {
      rows.push({ left: lines[i].text, right: lines[i].text, kind: "same" });
      i++;
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    while (i < lines.length && lines[i].kind === "removed") removed.push(lines[i++].text);
    while (i < lines.length && lines[i].kind === "added") added.push(lines[i++].text);
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const left = removed[k] ?? null;
      const right = added[k] ?? null;
      rows.push({
        left,
        right,
        kind: left !== null && right !== null ? "changed" : left !== null ? "removed" : "added",
      });
    }
  }
  return rows;
}

/** The version a new conversation with this agent starts on: production, else the latest. */
export function startVersion(agent: { version: number; production: number | null }): number {
  return agent.production ?? agent.version;
}

/** What a save answered, for the editor: a new version, or none because nothing changed. */
export function savedMessage(previous: number | null, saved: number): string {
  if (previous === null) return `Created v${saved}`;
  return saved > previous ? `Saved as v${saved}` : `No changes, still v${saved}`;
}
