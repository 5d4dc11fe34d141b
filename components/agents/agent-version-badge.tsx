"use client";
/** The agent page header's line: which version is the latest and where production points. */
import { useAgent } from "./agent-queries";
import { useAgentLabels } from "./agent-version-queries";

export function AgentVersionBadge({ id }: { id: string }) {
  const agent = useAgent(id);
  const labels = useAgentLabels(id);
  if (!agent.data) return null;
  const latest = agent.data.agent.version;
  const production = labels.data?.labels.production;
  return (
    <span className="av-badge" data-testid="agent-version-badge">
      <span className="pill">
        latest{" "}
        <strong className="mono" data-testid="latest-version">
          v{latest}
        </strong>
      </span>
      <span className="pill ok">
        production{" "}
        <strong className="mono" data-testid="production-version">
          {production === undefined ? "…" : production === null ? `unset (v${latest})` : `v${production}`}
        </strong>
      </span>
    </span>
  );
}
