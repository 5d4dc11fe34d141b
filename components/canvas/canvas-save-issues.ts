/**
 * A refused canvas save (400 `validation_error`) drawn on the canvas: each issue's path
 * (`agents.<i>.config.<field>…`, lib/api/contracts/canvas.shared.ts) names the agent sent at
 * position i; `tools.<j>` and `skills.<k>` mark that agent's j-th tool edge or k-th skill edge,
 * anything else marks the agent's node. Issues without such a path stay general messages.
 */
import type { AgentInput } from "@/lib/agents/agent-input.shared";
import { entryNodeId } from "@/lib/canvas/canvas-agent-edges.shared";
import { agentNodeId, edgeId, skillNodeId } from "@/lib/canvas/canvas-graph.shared";
import type { CanvasInvalid } from "./canvas-flow-elements";

export type SaveIssue = { path: string; message: string };

export type MarkedIssues = CanvasInvalid & {
  /** Every issue as a sentence naming where it is ("billing, tool 2: …"). */
  messages: string[];
};

function add(map: Record<string, string>, key: string, message: string) {
  map[key] = map[key] ? `${map[key]}; ${message}` : message;
}

export function markSaveIssues(
  issues: readonly SaveIssue[],
  sent: ReadonlyArray<{ agentId: string; config: AgentInput }>,
): MarkedIssues {
  const out: MarkedIssues = { nodes: {}, edges: {}, messages: [] };
  for (const issue of issues) {
    const parts = issue.path.split(".");
    const i = parts[0] === "agents" && /^\d+$/.test(parts[1] ?? "") ? Number(parts[1]) : -1;
    const item = i >= 0 ? sent[i] : undefined;
    if (!item) {
      out.messages.push(issue.message);
      continue;
    }
    const node = agentNodeId(item.agentId);
    const name = item.config.name || item.agentId;
    const field = parts[3];
    const index = /^\d+$/.test(parts[4] ?? "") ? Number(parts[4]) : -1;
    const entry = field === "tools" && index >= 0 ? item.config.tools?.[index] : undefined;
    const skill = field === "skills" && index >= 0 ? item.config.skills?.[index] : undefined;
    if (entry) {
      add(out.edges, edgeId(node, entryNodeId(entry)), issue.message);
      out.messages.push(`${name}, tool ${index + 1}: ${issue.message}`);
    } else if (typeof skill === "string") {
      add(out.edges, edgeId(node, skillNodeId(skill)), issue.message);
      out.messages.push(`${name}, skill "${skill}": ${issue.message}`);
    } else {
      add(out.nodes, node, issue.message);
      out.messages.push(`${name}: ${issue.message}`);
    }
  }
  return out;
}
