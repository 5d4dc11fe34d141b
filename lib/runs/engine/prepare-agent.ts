/** An agent record → the tools its runs call (sandbox tools, memory, the workspace set, agents as child runs, MCP tools). */
import { approvalTarget } from "./approval-target";
import { bothPredicates } from "../../tools/availability.shared";
import type { AgentRecord, AgentToolRecord, RunDeps, RunnableAgent } from "./ports";
import type { RunTool } from "./run-tool";
import { agentRunTool, type RunChild } from "./tools/agent-run-tool";
import { mcpRunTool, noMcpCaller } from "./tools/mcp-run-tool";
import { memoryRunTool } from "./tools/memory-run-tool";
import { sandboxRunTool } from "./tools/sandbox-run-tool";
import { workspaceRunTools } from "./tools/workspace-run-tool";
import { skillRunTools } from "./tools/skill-run-tools";

/** The child-run runner outside a run (compaction, the next-context view): agents called as tools cannot run there. */
export const noChildRun: RunChild = async () => ({ ok: false, error: { type: "NotInARun", message: "no run" } });

export function prepareAgent(record: AgentRecord, deps: RunDeps, runChild: RunChild): RunnableAgent {
  const tools: RunTool[] = record.tools.flatMap((t) =>
    // The workspace entry gives a set of tools (tools/workspace-run-tool.ts), the others one each.
    (t.kind === "builtin" && t.builtin === "workspace"
      ? workspaceRunTools(t.scope, record.id, (ref, conversationId) => deps.store.workspaceFiles(ref, conversationId))
      : [build(t)]
    ).map((tool) => {
      // What an approval of a call binds: checked again before an approved call runs.
      tool.target = approvalTarget(t);
      // The agent entry's availability is AND-ed with the tool's own.
      tool.availableWhen = bothPredicates(tool.availableWhen, t.availableWhen);
      return tool;
    }),
  );
  // Attached skills bring load_skill and read_skill_resource (lib/skills/skill-tools.ts).
  tools.push(...skillRunTools(record.skills ?? []));
  return { ...record, tools };

  function build(t: AgentToolRecord): RunTool {
    switch (t.kind) {
      case "tool":
        return sandboxRunTool(t.toolId, t.tool, t.source, deps.invokeSandbox);
      case "builtin":
        return memoryRunTool(deps.store.memoryFiles(record.id));
      case "agent":
        return agentRunTool(t, runChild);
      case "mcp":
        return mcpRunTool(t, deps.callMcp ?? noMcpCaller);
    }
  }
}
