/**
 * What the studio says about which tool version an agent runs (the server's pins: the tool's
 * used-by answer, lib/tool-store/tool-views.shared.ts): "v1 · v4 available" for an agent pinned
 * behind the newest runnable version, whether production still runs an older one, what an upgrade
 * did, and how an entry of the agent form will be saved. Pure, for the Tool Studio and the agent's
 * tool list alike.
 */
import type { ToolPin, ToolUpgradeResult, ToolUser } from "@/lib/tool-store/tool-views.shared";

export interface PinStatus {
  /** "v1 · v4 available", "v4", "follows the latest (v4)". */
  text: string;
  /** Pinned to a version older than the newest runnable one. */
  behind: boolean;
  /** The version an upgrade pins (null: nothing to upgrade). */
  upgradeTo: number | null;
}

/** How a version of an agent uses the tool, against the newest version without definition errors. */
export function pinStatus(pin: ToolPin | null, runnable: number | null): PinStatus {
  if (!pin) return { text: "not in its latest version", behind: false, upgradeTo: null };
  if (pin.kind === "follows")
    return {
      text: runnable === null ? "follows the latest" : `follows the latest (v${runnable})`,
      behind: false,
      upgradeTo: null,
    };
  if (runnable !== null && runnable > pin.version)
    return { text: `v${pin.version} · v${runnable} available`, behind: true, upgradeTo: runnable };
  return { text: `v${pin.version}`, behind: false, upgradeTo: null };
}

/**
 * Production's side, when it differs from the latest version: "production (agent v2) runs tool v1".
 * Null while production is unset (new conversations start on the latest version) or on the latest.
 */
export function productionNote(user: ToolUser, runnable: number | null): string | null {
  const p = user.production;
  if (!p || p.version === user.agentVersion) return null;
  if (!p.pin) return `production (agent v${p.version}) does not use it`;
  return `production (agent v${p.version}) runs ${pinStatus(p.pin, runnable).text.replace(/ · .*/, "")}`;
}

/** The agents an "Upgrade all" would save: those pinned behind. */
export function agentsBehind(users: ToolUser[], runnable: number | null): ToolUser[] {
  return users.filter((u) => pinStatus(u.pin, runnable).behind);
}

export interface UpgradeOutcome {
  /** "'billing' saved as v3: it runs tool v2 (was v1)." */
  message: string;
  /** What production does now, in words. */
  production: string;
  /** Production points at an older agent version than the upgraded one: offer to move it. */
  offerMove: boolean;
}

export function upgradeOutcome(r: ToolUpgradeResult): UpgradeOutcome {
  const message =
    r.status === "upgraded"
      ? `'${r.name}' saved as v${r.agentVersion}: it runs tool v${r.toVersion}${r.fromVersion === null ? "" : ` (was v${r.fromVersion})`}.`
      : `'${r.name}' already runs tool v${r.toVersion} or follows the latest: nothing saved.`;
  if (r.productionVersion === null)
    return {
      message,
      production: `Production is not set: new conversations start on the latest version (v${r.agentVersion}).`,
      offerMove: false,
    };
  if (r.productionVersion === r.agentVersion)
    return { message, production: `Production points at v${r.agentVersion}.`, offerMove: false };
  return {
    message,
    production: `Production still points at v${r.productionVersion}: new conversations start there, with the tool version it pins.`,
    offerMove: r.status === "upgraded",
  };
}

/** An entry of the agent form: saved tools pinned or following, as the picker shows them. */
export interface FormToolEntry {
  toolId: string;
  toolVersionId?: string;
  follow?: "latest";
}

/**
 * What a tool entry of the agent form runs: the saved pin when the entry is as saved, "pinned to
 * vN when saved" for an entry added (or switched to pinning) since — a save pins the latest version.
 */
export function entryPinStatus(
  entry: FormToolEntry,
  saved: { pin: ToolPin | null; toolVersionId?: string } | null,
  versions: { runnable: number | null; latest: number | null },
): PinStatus {
  if (entry.follow === "latest") return pinStatus({ kind: "follows" }, versions.runnable);
  if (!entry.toolVersionId)
    return {
      text: versions.latest === null ? "pinned when saved" : `v${versions.latest} when saved`,
      behind: false,
      upgradeTo: null,
    };
  if (saved?.pin?.kind === "pinned" && saved.toolVersionId === entry.toolVersionId)
    return pinStatus(saved.pin, versions.runnable);
  return { text: "pinned", behind: false, upgradeTo: null };
}
