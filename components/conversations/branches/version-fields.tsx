"use client";
/**
 * The fields the fork and replay dialogs share: the agent version to run (its labels shown) and a
 * model from that version's roster.
 */
import { useAgentLabels, useAgentVersion, useAgentVersions } from "@/components/agents/agent-version-queries";
import { rosterKeysOf, versionOptionLabel } from "./branch-options";

/**
 * The models version n offers (null while it loads): `keys` to show, and whether a choice among them
 * may be sent (a single-model version has no roster to choose from: its one model is `keys[0]`).
 */
export function useVersionRoster(agentId: string, version: number | null): { keys: string[]; roster: boolean } | null {
  const q = useAgentVersion(agentId, version);
  return q.data ? { keys: rosterKeysOf(q.data.agent), roster: q.data.agent.roster.length > 0 } : null;
}

/**
 * A choice of version: `v:<n>` values, and `label:<name>` ones too when `withLabels` (a label is
 * resolved by the server when it runs).
 */
export function VersionSelect({
  id,
  agentId,
  current,
  value,
  onChange,
  withLabels = false,
  testId,
}: {
  id: string;
  agentId: string;
  current: number;
  value: string;
  onChange(v: string): void;
  withLabels?: boolean;
  testId: string;
}) {
  const versions = useAgentVersions(agentId);
  const labels = useAgentLabels(agentId);
  const list = versions.data?.versions ?? [];
  const setLabels = Object.entries(labels.data?.labels ?? {}).filter(([, v]) => v !== null) as Array<[string, number]>;
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {list.some((v) => v.version === current) ? null : (
        <option value={`v:${current}`}>v{current} (this conversation&apos;s)</option>
      )}
      {list.map((v, i) => (
        <option key={v.version} value={`v:${v.version}`}>
          {versionOptionLabel(v, i === 0, current)}
        </option>
      ))}
      {withLabels
        ? setLabels.map(([l, v]) => (
            <option key={`label:${l}`} value={`label:${l}`}>
              label {l} (now v{v})
            </option>
          ))
        : null}
    </select>
  );
}

/** The version number a `v:<n>`/`label:<name>` value stands for now (null: unknown label). */
export function versionOf(value: string, labels: Record<string, number | null> | undefined): number | null {
  if (value.startsWith("v:")) return Number(value.slice(2));
  return labels?.[value.slice(6)] ?? null;
}
