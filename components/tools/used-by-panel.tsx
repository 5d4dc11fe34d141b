"use client";
/**
 * The agents using a tool and the version each runs ("v1 · v2 available"), with Upgrade (one agent)
 * and Upgrade all: each saves a new agent version pinning the newest runnable version, then says
 * where production points and offers to move it. `UpgradeOffer` is the same for the agents left
 * behind, shown above the editor (after a save, the offer to bring them along).
 */
import { useState } from "react";
import { GuardedLink } from "@/components/shell/unsaved-changes";
import type { ToolDetail, ToolUpgradeResult, ToolUser } from "@/lib/tool-store/tool-views.shared";
import { agentsBehind, pinStatus, productionNote } from "./pin-status";
import { useUpgradeAgents } from "./tool-pin-queries";
import { UpgradeResultNote } from "./upgrade-result";

function useUpgrades(toolId: string) {
  const upgrade = useUpgradeAgents(toolId);
  const [results, setResults] = useState<ToolUpgradeResult[]>([]);
  const run = (agentIds: string[]) =>
    upgrade.mutate(agentIds, {
      onSuccess: (list) =>
        setResults((prev) => [...prev.filter((p) => !list.some((r) => r.agentId === p.agentId)), ...list]),
    });
  return { upgrade, results, run };
}

function UserRow({
  user,
  runnable,
  canUpgrade,
  pending,
  onUpgrade,
}: {
  user: ToolUser;
  runnable: number | null;
  canUpgrade: boolean;
  pending: boolean;
  onUpgrade(): void;
}) {
  const status = pinStatus(user.pin, runnable);
  const production = productionNote(user, runnable);
  return (
    <li data-testid={`used-by-${user.name}`}>
      <GuardedLink href={`/agents/${user.agentId}`} className="mono">
        {user.name}
      </GuardedLink>
      <span className="muted small">agent v{user.agentVersion}</span>
      <span className={status.behind ? "pill warn" : "pill"} data-testid="tool-pin">
        {status.text}
      </span>
      {production ? <span className="muted small">{production}</span> : null}
      {status.upgradeTo !== null && canUpgrade ? (
        <button type="button" className="btn small" disabled={pending} onClick={onUpgrade}>
          Upgrade {user.name} to v{status.upgradeTo}
        </button>
      ) : null}
    </li>
  );
}

function Results({ results, canMove }: { results: ToolUpgradeResult[]; canMove: boolean }) {
  if (!results.length) return null;
  return (
    <div className="upgrade-results" data-testid="tool-upgrades">
      {results.map((r) => (
        <UpgradeResultNote key={`${r.agentId}-${r.agentVersion}`} result={r} canMove={canMove} />
      ))}
    </div>
  );
}

/** Every agent using the tool, for the studio's "Used by" tab. */
export function UsedByList({ tool, canUpgrade }: { tool: ToolDetail; canUpgrade: boolean }) {
  const { upgrade, results, run } = useUpgrades(tool.id);
  const behind = agentsBehind(tool.usedBy, tool.runnableVersion);
  if (!tool.usedBy.length)
    return (
      <p className="muted" data-testid="used-by-none">
        No agent uses this tool yet. Add it to an agent in the agent&apos;s Tools section.
      </p>
    );
  return (
    <div data-testid="used-by-list">
      <p className="muted small">
        An agent runs the tool version it pinned when saved, until it is upgraded (or it follows the latest).
        {tool.runnableVersion !== null ? ` The newest version that can run is v${tool.runnableVersion}.` : ""}
      </p>
      <ul className="used-by-list">
        {tool.usedBy.map((u) => (
          <UserRow
            key={u.agentId}
            user={u}
            runnable={tool.runnableVersion}
            canUpgrade={canUpgrade}
            pending={upgrade.isPending}
            onUpgrade={() => run([u.agentId])}
          />
        ))}
      </ul>
      {canUpgrade && behind.length > 1 ? (
        <button
          type="button"
          className="btn small primary"
          disabled={upgrade.isPending}
          onClick={() => run(behind.map((u) => u.agentId))}
        >
          Upgrade all {behind.length} to v{tool.runnableVersion}
        </button>
      ) : null}
      {upgrade.error ? (
        <p className="error small" role="alert">
          Not upgraded: {upgrade.error.message}
        </p>
      ) : null}
      <Results results={results} canMove={canUpgrade} />
    </div>
  );
}

/**
 * The agents pinned to an older version than the newest runnable one, offered an upgrade (shown
 * while there are any, or results to read). `savedVersion`: the version this session just saved.
 */
export function UpgradeOffer({
  tool,
  canUpgrade,
  savedVersion,
}: {
  tool: ToolDetail;
  canUpgrade: boolean;
  savedVersion: number | null;
}) {
  const { upgrade, results, run } = useUpgrades(tool.id);
  const [dismissed, setDismissed] = useState(false);
  const behind = agentsBehind(tool.usedBy, tool.runnableVersion);
  if (dismissed || (!behind.length && !results.length)) return null;
  const n = behind.length;
  const agents = `${n} agent${n === 1 ? "" : "s"}`;
  return (
    <section className="card upgrade-offer" aria-labelledby="upgrade-offer-h" data-testid="upgrade-offer">
      <h2 id="upgrade-offer-h">
        {n === 0
          ? "Agents upgraded"
          : savedVersion !== null && savedVersion === tool.runnableVersion
            ? `Saved as v${savedVersion}: ${agents} still ${n === 1 ? "runs" : "run"} an older version`
            : `${agents} ${n === 1 ? "runs" : "run"} an older version of this tool`}
      </h2>
      {n ? (
        <>
          <p className="muted small">
            Each agent keeps the version it pinned until it is upgraded: an upgrade saves a new agent version pinning v
            {tool.runnableVersion}.
          </p>
          <ul className="used-by-list">
            {behind.map((u) => (
              <UserRow
                key={u.agentId}
                user={u}
                runnable={tool.runnableVersion}
                canUpgrade={canUpgrade}
                pending={upgrade.isPending}
                onUpgrade={() => run([u.agentId])}
              />
            ))}
          </ul>
        </>
      ) : null}
      <div className="inline-form">
        {canUpgrade && n > 1 ? (
          <button
            type="button"
            className="btn small primary"
            disabled={upgrade.isPending}
            onClick={() => run(behind.map((u) => u.agentId))}
          >
            {upgrade.isPending ? "Upgrading…" : `Upgrade all ${n} to v${tool.runnableVersion}`}
          </button>
        ) : null}
        <button type="button" className="btn small" onClick={() => setDismissed(true)}>
          {n ? "Not now" : "Close"}
        </button>
      </div>
      {upgrade.error ? (
        <p className="error small" role="alert">
          Not upgraded: {upgrade.error.message}
        </p>
      ) : null}
      <Results results={results} canMove={canUpgrade} />
    </section>
  );
}
