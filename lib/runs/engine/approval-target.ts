/**
 * What an approval binds besides the arguments: the code that will run (`ApprovalTarget`,
 * lib/runs/read-models/approvals/list-approvals.shared.ts). It is recorded when the call is held, from the tool as the
 * run loaded it, and checked again right before an approved call runs — when the run resumes and
 * when a reconciliation retries it — against the agent's tool of that name as it is then. A tool
 * saved (or re-pinned) in between, an MCP tool rediscovered with another schema, or another agent
 * behind the name means the person approved something else: the call is answered `ApprovalStale`
 * and nothing runs. A tool the agent no longer has is answered `ToolNotAvailable`.
 */
import type { ApprovalTarget } from "../read-models/approvals/list-approvals.shared";
import { canonicalHash, canonicalJson } from "./canonical-json";
import type { AgentToolRecord } from "./ports";
import type { RunTool } from "./run-tool";

export type { ApprovalTarget };

/** The target of an agent's tool record: null for the built-in `memory` (it has no versions). */
export function approvalTarget(record: AgentToolRecord): ApprovalTarget | null {
  switch (record.kind) {
    case "tool":
      return { kind: "tool", toolId: record.toolId, toolVersion: record.toolVersion };
    case "mcp":
      return {
        kind: "mcp",
        serverId: record.serverId,
        tool: record.tool.name,
        schemaHash: canonicalHash(record.tool.inputSchema),
      };
    case "agent":
      return { kind: "agent", agentId: record.agentId, agentVersion: record.agentVersion };
    case "builtin":
      return null;
  }
}

export function sameTarget(a: ApprovalTarget | null | undefined, b: ApprovalTarget | null | undefined): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

/** A target in words, for the model and the inbox ("refund v3"). */
export function describeTarget(target: ApprovalTarget | null | undefined, name: string): string {
  if (!target) return `'${name}'`;
  switch (target.kind) {
    case "tool":
      return `'${name}' v${target.toolVersion}`;
    case "mcp":
      return `MCP tool '${target.tool}' (schema ${target.schemaHash.slice(0, 12)})`;
    case "agent":
      return `agent '${name}'${target.agentVersion ? ` v${target.agentVersion}` : ""}`;
  }
}

export interface ApprovedCallRefusal {
  type: "ApprovalStale" | "ToolNotAvailable";
  message: string;
}

export function toolNotAvailable(toolName: string): ApprovedCallRefusal {
  return {
    type: "ToolNotAvailable",
    message: `Not executed: tool '${toolName}' is no longer one of the agent's tools. Do not assume the call happened.`,
  };
}

/** Why an approved call must not run now, or null when what runs is what was approved. */
export function approvedCallRefusal(
  approval: { toolName: string; target: ApprovalTarget | null },
  tool: RunTool | undefined,
): ApprovedCallRefusal | null {
  if (!tool) return toolNotAvailable(approval.toolName);
  // Approvals written before targets were recorded bind the arguments only.
  if (approval.target === null || sameTarget(approval.target, tool.target)) return null;
  return {
    type: "ApprovalStale",
    message: `Not executed: the approval was given for ${describeTarget(approval.target, approval.toolName)}, but the agent's '${approval.toolName}' is now ${describeTarget(tool.target, approval.toolName)}. An approval binds what runs, so this call did not run; ask the user before calling it again.`,
  };
}
