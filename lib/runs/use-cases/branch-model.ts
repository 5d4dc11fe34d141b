/**
 * The model of a new branch (a fork or a replay, docs/time-travel.md): the roster key asked for,
 * checked as a model switch (409 ModelSwitchError when the version's roster lacks it), else the
 * original's key when the chosen version's roster still has it, else null (the version's model).
 */
import type { AgentConfig } from "../../agents/agent-input.shared";
import { switchModel } from "../../agents/switch-model";
import { modelRosterKey } from "../../models/providers.shared";
import { conversationModel } from "../engine/conversation-model";
import type { RunDeps } from "../engine/ports";

export async function branchModelKey(
  deps: Pick<RunDeps, "models">,
  config: AgentConfig,
  asked: string | undefined,
  original: string | null,
): Promise<string | null> {
  if (asked !== undefined)
    return (await switchModel(config, asked, { build: (entry) => deps.models(entry, config.runtime.http) })).to;
  return original && modelRosterKey(conversationModel(config, original)) === original ? original : null;
}
