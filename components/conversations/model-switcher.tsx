"use client";
/** The conversation's active model, and a switch to another roster entry when the agent has a roster. */
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
            title={busy ? "Wait for the run to finish" : undefined}
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
