/** The context fields an agent's configuration declares (its `contextSchema`; none when it has no schema). */
import type { AgentConfig } from "../../agents/agent-input.shared";

export function contextFieldsOf(config: AgentConfig): Array<{ name: string; required: boolean }> {
  return (config.contextSchema?.fields ?? []).map((f) => ({ name: f.name, required: f.required }));
}
