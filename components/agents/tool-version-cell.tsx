"use client";
import { entryPinStatus } from "@/components/tools/pin-status";
import { useUpgradeAgents } from "@/components/tools/tool-pin-queries";
import type { AgentToolEntry } from "@/lib/agents/agent-tools.shared";
import type { ToolDetail, ToolUpgradeResult } from "@/lib/tool-store/tool-views.shared";

/** A saved tool's entry: pinned to a version or following the latest. */
export type ToolRef = Extract<AgentToolEntry, { toolId: string }>;

/**
 * The version a saved tool runs for this agent: its pin ("v1 · v2 available"), an Upgrade that saves
 * a new agent version pinning the newest runnable one, and the choice between pinning and following.
 */
export function ToolVersionCell({
  entry,
  name,
  detail,
  savedEntry,
  agentId,
  readOnly,
  onChange,
  onUpgrade,
}: {
  entry: ToolRef;
  name: string;
  detail: ToolDetail | undefined;
  savedEntry: ToolRef | undefined;
  /** The saved agent's id (null for a new agent: nothing to upgrade yet). */
  agentId: string | null;
  readOnly: boolean;
  onChange(next: ToolRef): void;
  onUpgrade(run: (done: (r: ToolUpgradeResult) => void) => void): void;
}) {
  const upgrade = useUpgradeAgents(entry.toolId);
  const user = agentId ? detail?.usedBy.find((u) => u.agentId === agentId) : undefined;
  const status = entryPinStatus(
    entry,
    user && savedEntry ? { pin: user.pin, toolVersionId: savedEntry.toolVersionId } : null,
    { runnable: detail?.runnableVersion ?? null, latest: detail?.latestVersion ?? null },
  );
  const { availableWhen } = entry;
  return (
    <div className="tool-version" data-testid={`tool-version-${name}`}>
      <span className={status.behind ? "pill warn" : "pill"} data-testid="tool-pin">
        {status.text}
      </span>
      {readOnly ? null : (
        <select
          aria-label={`Version of ${name} the agent runs`}
          value={entry.follow === "latest" ? "follow" : "pin"}
          onChange={(e) =>
            onChange(
              e.target.value === "follow"
                ? { toolId: entry.toolId, follow: "latest", ...(availableWhen ? { availableWhen } : {}) }
                : savedEntry?.toolVersionId
                  ? {
                      toolId: entry.toolId,
                      toolVersionId: savedEntry.toolVersionId,
                      ...(availableWhen ? { availableWhen } : {}),
                    }
                  : { toolId: entry.toolId, ...(availableWhen ? { availableWhen } : {}) },
            )
          }
        >
          <option value="pin">pinned version</option>
          <option value="follow">follow the latest</option>
        </select>
      )}
      {status.upgradeTo !== null && agentId && !readOnly && !upgrade.isSuccess ? (
        <button
          type="button"
          className="btn small primary"
          disabled={upgrade.isPending}
          onClick={() =>
            onUpgrade((done) => upgrade.mutate([agentId], { onSuccess: (list) => list[0] && done(list[0]) }))
          }
        >
          {upgrade.isPending ? "Upgrading…" : `Upgrade to v${status.upgradeTo}`}
        </button>
      ) : null}
      {upgrade.error ? (
        <span className="error small" role="alert">
          Not upgraded: {upgrade.error.message}
        </span>
      ) : null}
    </div>
  );
}
