/**
 * Switching a stored agent's active model: `switchModel` decides (building the entry and its
 * fallback chain with the studio's keys, re-checking the compaction bounds); only when it passes is
 * the new active config written, with a record on the agent (modelSwitches) and in the audit log.
 * Runs read the agent's configuration when they start, so the switch takes effect from the next
 * run. (Inside a conversation, the run loop also appends a ModelSwitched event — see
 * ModelSwitchedPayload; a switch through this route has no conversation to record it in.)
 */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { jsonColumn } from "../db/json-column";
import { createLanguageModel, type ModelBuildContext } from "../models/create-language-model";
import { loadSavedKeys } from "../models/load-saved-keys";
import { MAX_SWITCH_RECORDS } from "./agent-view";
import type { ModelSwitchRecord } from "./agent-view.shared";
import type { ModelConfig } from "../models/model-config.shared";
import { getAgent } from "./read-agent";
import { switchModel } from "./switch-model";

export async function switchAgentModel(
  db: Db,
  agentId: string,
  key: string,
  actor: Principal | null,
  buildContext: Omit<ModelBuildContext, "savedKeys" | "http"> = {},
): Promise<ModelConfig> {
  const agent = await getAgent(db, agentId);
  let savedKeys: ModelBuildContext["savedKeys"] | undefined;
  const result = await switchModel(agent, key, {
    async build(entry) {
      savedKeys ??= await loadSavedKeys(db);
      createLanguageModel(entry, { ...buildContext, savedKeys, http: agent.runtime.http });
    },
  });
  const row = await db.agent.findUniqueOrThrow({ where: { id: agentId } });
  const stored = (row.config ?? {}) as Record<string, unknown>;
  const record: ModelSwitchRecord = {
    from: result.from,
    to: result.to,
    at: new Date().toISOString(),
    by: actor?.name ?? null,
  };
  const switches = [
    ...(Array.isArray(stored.modelSwitches) ? (stored.modelSwitches as ModelSwitchRecord[]) : []),
    record,
  ].slice(-MAX_SWITCH_RECORDS);
  await db.agent.update({
    where: { id: agentId },
    data: { config: jsonColumn({ ...stored, model: result.entry, modelSwitches: switches }) },
  });
  await recordAudit(db, {
    actor,
    action: "agent.model_switched",
    target: `agent:${agent.name}`,
    details: { agentId, from: result.from, to: result.to },
  });
  return result.entry;
}
