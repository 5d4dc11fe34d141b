/**
 * The tools offered to the model in a request (lib/runs/README.md, "Availability"): those whose
 * availability predicates hold for the run's user, context and connections, with their
 * description templates rendered for this conversation. A call to a tool the agent has but did not
 * offer answers `ToolNotAvailable`.
 */
import { isAvailable } from "../../tools/availability.shared";
import { renderToolTemplate } from "../../tools/description-template.shared";
import { availabilityEnv, plainConnectionValues, type RunEnvironment } from "./run-environment";
import type { RunTool } from "./run-tool";

export interface OfferedTools {
  /** Offered, rendered, in the agent's order. */
  offered: RunTool[];
  /** The agent's tools not offered in this run, by name. */
  withheld: Map<string, RunTool>;
}

/** Sets `value` at a JSON pointer (`/properties/city`) inside a copy of `root`. */
function withDescriptionAt(root: Record<string, unknown>, pointer: string, text: string): Record<string, unknown> {
  const keys = pointer
    .split("/")
    .slice(1)
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  const copy = structuredClone(root);
  let node: Record<string, unknown> = copy;
  for (const key of keys) {
    const next = node[key];
    if (!next || typeof next !== "object") return root;
    node = next as Record<string, unknown>;
  }
  node.description = text;
  return copy;
}

function rendered(tool: RunTool, env: RunEnvironment): RunTool {
  if (!tool.templates) return tool;
  const values = { context: env.context, connections: plainConnectionValues(env) };
  let parameters = tool.parameters;
  for (const [pointer, text] of Object.entries(tool.templates.parameters ?? {}))
    parameters = withDescriptionAt(parameters, pointer, renderToolTemplate(text, values).text);
  const description = tool.templates.description
    ? renderToolTemplate(tool.templates.description, values).text
    : tool.description;
  return { ...tool, description, parameters };
}

export function offerTools(tools: readonly RunTool[], env: RunEnvironment): OfferedTools {
  const availability = availabilityEnv(env);
  const offered: RunTool[] = [];
  const withheld = new Map<string, RunTool>();
  for (const tool of tools) {
    if (isAvailable(tool.availableWhen, availability)) offered.push(rendered(tool, env));
    else withheld.set(tool.name, tool);
  }
  return { offered, withheld };
}

/** The answer to a call of a tool the agent has but did not offer. */
export function notAvailableError(toolName: string) {
  return {
    type: "ToolNotAvailable",
    message: `Tool '${toolName}' is not available in this conversation (its availability conditions do not hold for this user, context or connections); do not call it again.`,
  };
}
