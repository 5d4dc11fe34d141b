"use client";
/** Switch the saved agent's active model to another roster entry (takes effect from the next run). */
import { useState } from "react";
import type { AgentView } from "@/lib/agents/agent-view.shared";
import { modelRosterKey } from "@/lib/models/providers.shared";
import { useSwitchModel } from "./agent-queries";

export function SwitchModelControl({
  agent,
  dirty,
  canSwitch,
  onSwitched,
}: {
  agent: AgentView;
  dirty: boolean;
  canSwitch: boolean;
  onSwitched: () => void;
}) {
  const sw = useSwitchModel(agent.id);
  const activeKey = modelRosterKey(agent.model);
  const [key, setKey] = useState("");
  const last = agent.modelSwitches[agent.modelSwitches.length - 1];
  if (agent.roster.length === 0) {
    return (
      <p className="muted small" data-testid="switch-model">
        Single-model agent (<span className="mono">{activeKey}</span>): add models to the roster to switch between them.
      </p>
    );
  }
  return (
    <div className="switch-model" data-testid="switch-model">
      <span>
        Active model:{" "}
        <strong className="mono" data-testid="active-model">
          {activeKey}
        </strong>
      </span>
      {canSwitch ? (
        // Not a <form>: the control sits inside the editor's form, and forms do not nest.
        <div className="inline-form">
          <select aria-label="Switch to" value={key || activeKey} onChange={(e) => setKey(e.target.value)}>
            {agent.roster.map((m) => (
              <option key={modelRosterKey(m)} value={modelRosterKey(m)}>
                {modelRosterKey(m)}
                {modelRosterKey(m) === activeKey ? " (active)" : ""}
              </option>
            ))}
          </select>
          <button
            className="btn"
            type="button"
            disabled={sw.isPending || dirty}
            title={dirty ? "Save or discard your changes first" : undefined}
            onClick={() =>
              sw.mutate(key || activeKey, {
                onSuccess: () => {
                  setKey("");
                  onSwitched();
                },
              })
            }
          >
            Switch model
          </button>
        </div>
      ) : null}
      {dirty && canSwitch ? <span className="muted small">Save your changes before switching.</span> : null}
      {sw.error ? (
        <p className="error" role="alert" data-testid="switch-error">
          {sw.error.message}
        </p>
      ) : null}
      {last ? (
        <span className="muted small">
          Last switch: {last.from} → {last.to}
          {last.by ? ` by ${last.by}` : ""} · takes effect from the next run
        </span>
      ) : (
        <span className="muted small">A switch takes effect from the next run.</span>
      )}
    </div>
  );
}
