"use client";
/**
 * The model this conversation runs with, and a switch to another entry of its agent's roster: the
 * switch applies to this conversation only (the agent and its other conversations keep theirs;
 * the agent-wide switch is on the agent's page).
 */
import { useState } from "react";
import { useSwitchConversationModel } from "./conversation-queries";

export function ModelSwitcher({
  conversationId,
  model,
  roster,
  canSwitch,
  busy,
}: {
  conversationId: string;
  model: string;
  roster: string[];
  canSwitch: boolean;
  busy: boolean;
}) {
  const sw = useSwitchConversationModel(conversationId);
  const [key, setKey] = useState("");
  const choice = key || model;
  return (
    <div className="cv-model" data-testid="conversation-model">
      <span className="muted small">Model</span>{" "}
      <strong className="mono" data-testid="active-model">
        {model}
      </strong>
      {roster.length > 1 && canSwitch ? (
        <span className="inline-form cv-model-switch">
          <select
            aria-label="Switch model to"
            title="Applies to this conversation only"
            value={choice}
            onChange={(e) => setKey(e.target.value)}
            disabled={sw.isPending}
          >
            {roster.map((k) => (
              <option key={k} value={k}>
                {k}
                {k === model ? " (active)" : ""}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn small"
            disabled={sw.isPending || busy || choice === model}
            title={busy ? "Wait for the run to finish" : "Switch this conversation's model (not the agent's)"}
            onClick={() => sw.mutate(choice, { onSuccess: () => setKey("") })}
          >
            Switch
          </button>
        </span>
      ) : roster.length > 1 ? (
        <span className="muted small"> · roster of {roster.length}</span>
      ) : null}
      {sw.error ? (
        <span className="error small" role="alert" data-testid="switch-model-error">
          {sw.error.message}
        </span>
      ) : null}
    </div>
  );
}
