"use client";
/**
 * The "Tool mode" section (lib/agents/README.md, "Tool mode"): native tool calling or structured
 * actions; in structured mode, the response fields every answer holds beside its action, and the
 * action model the model is asked for — built by the run loop's own builder from the saved
 * version's tools (GET /api/agents/{id}/actions) and the draft's fields, shown read-only.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiFetch } from "@/components/api/api-client";
import { buildActionModel } from "@/lib/agents/action-model.shared";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import type { AgentView } from "@/lib/agents/agent-view.shared";
import {
  FINAL_ANSWER_ACTION,
  RESPONSE_FIELD_TYPES,
  type ResponseField,
  type ToolMode,
} from "@/lib/agents/tool-mode.shared";
import type { AgentFormState } from "./agent-form-state";
import { agentKeys } from "./agent-queries";
import { FieldError, Select, TextInput } from "./fields";
import { FieldRowsEditor } from "./field-rows-editor";
import "./tool-mode.css";

const MAX_RESPONSE_FIELDS = 16;

const MODE_HELP: Record<ToolMode, string> = {
  native: "the provider's tool calling: the model is offered the tools as functions (most hosted models)",
  structured:
    "one JSON object per step with the response fields below and exactly one action — a tool or final_answer — for models without tool calling",
};

type ResponseFieldType = ResponseField["type"];

function useAgentActions(agent: AgentView | null) {
  return useQuery({
    queryKey: [...agentKeys.detail(agent?.id ?? "-"), "actions", agent?.version ?? 0],
    queryFn: () => apiFetch(agentsApi.actions, { params: { id: agent!.id }, query: { version: agent!.version } }),
    enabled: !!agent,
    staleTime: 10_000,
  });
}

function ResponseFieldsEditor({
  fields,
  update,
  readOnly,
}: {
  fields: ResponseField[];
  update: (next: ResponseField[]) => void;
  readOnly: boolean;
}) {
  return (
    <>
      <h3 id="response-fields-h">Response fields</h3>
      <p className="muted small">
        Fields every answer holds beside its action (e.g. <span className="mono">reasoning</span>), recorded in the
        trace with each step. Not <span className="mono">{FINAL_ANSWER_ACTION}</span>,{" "}
        <span className="mono">action</span> or the name of one of the agent&apos;s tools.
      </p>
      <FieldError at="responseFields" />
      <FieldRowsEditor<ResponseField>
        rows={fields}
        update={update}
        readOnly={readOnly}
        rowLabel="Response field"
        classPrefix="rf"
        testIdPrefix="response-field"
        tableLabel={{ "aria-labelledby": "response-fields-h" }}
        addLabel="Add response field"
        maxRows={MAX_RESPONSE_FIELDS}
        newRow={() => ({ name: "", type: "string", description: "" })}
        empty={
          <p className="muted small" data-testid="response-fields-empty">
            No response fields: each answer holds only its action.
          </p>
        }
        columns={[
          {
            header: "Name",
            cell: (f, i, edit) => (
              <>
                <TextInput
                  className="mono"
                  label={`Response field ${i + 1} name`}
                  at={`responseFields.${i}.name`}
                  placeholder="reasoning"
                  value={f.name}
                  onChange={(name) => edit({ name })}
                />
                <FieldError at={`responseFields.${i}.name`} />
              </>
            ),
          },
          {
            header: "Type",
            cell: (f, i, edit) => (
              <Select<ResponseFieldType>
                label={`Response field ${i + 1} type`}
                at={`responseFields.${i}.type`}
                value={f.type}
                options={RESPONSE_FIELD_TYPES}
                onChange={(type) => edit({ type })}
              />
            ),
          },
          {
            header: "Description",
            cell: (f, i, edit) => (
              <>
                <TextInput
                  label={`Response field ${i + 1} description`}
                  at={`responseFields.${i}.description`}
                  placeholder="Why this action is the next step"
                  value={f.description}
                  onChange={(description) => edit({ description })}
                />
                <FieldError at={`responseFields.${i}.description`} />
              </>
            ),
          },
        ]}
      />
    </>
  );
}

function ActionModel({ state, agent }: { state: AgentFormState; agent: AgentView | null }) {
  const actions = useAgentActions(agent);
  const tools = useMemo(() => actions.data?.actions ?? [], [actions.data]);
  // Only well-formed fields: the schema shows what a save would run with.
  const fields = state.responseFields.filter((f) => /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(f.name.trim()));
  const schema = useMemo(() => buildActionModel(tools, fields), [tools, fields]);
  const conditional = tools.filter((t) => t.conditional).map((t) => t.name);
  return (
    <>
      <h3 id="action-model-h">Action model</h3>
      <p className="muted small" data-testid="action-model-note">
        {agent
          ? actions.isError
            ? `The tools of v${agent.version} could not be read (${actions.error.message}); shown with ${FINAL_ANSWER_ACTION} only.`
            : `The JSON Schema the model answers with: one choice per tool of the saved v${agent.version}, with that tool's exact parameters, plus ${FINAL_ANSWER_ACTION}. Save to include changes to the tools.`
          : `The JSON Schema the model answers with. Save the agent to include its tools; until then it offers ${FINAL_ANSWER_ACTION} only.`}
        {conditional.length
          ? ` A conversation offers only the tools whose availability holds: ${conditional.join(", ")} may be left out.`
          : ""}
      </p>
      <pre
        className="prompt-preview action-model"
        aria-labelledby="action-model-h"
        tabIndex={0}
        data-testid="action-model-schema"
      >
        {actions.isLoading ? "Loading the tools…" : JSON.stringify(schema, null, 2)}
      </pre>
    </>
  );
}

export function ToolModeEditor({
  state,
  setState,
  readOnly,
  agent,
}: {
  state: AgentFormState;
  setState: (s: AgentFormState) => void;
  readOnly: boolean;
  agent: AgentView | null;
}) {
  return (
    <section className="card" aria-labelledby="toolmode-h" data-testid="tool-mode-editor">
      <h2 id="toolmode-h">Tool mode</h2>
      <fieldset className="radio-group" disabled={readOnly}>
        <legend>How the model chooses its actions</legend>
        {(["native", "structured"] as const).map((m) => (
          <label key={m} className="check block">
            <input
              type="radio"
              name="toolMode"
              checked={state.toolMode === m}
              onChange={() => setState({ ...state, toolMode: m })}
            />{" "}
            <strong>{m}</strong> — {MODE_HELP[m]}
          </label>
        ))}
        <FieldError at="toolMode" />
      </fieldset>
      {state.toolMode === "structured" ? (
        <>
          <ResponseFieldsEditor
            fields={state.responseFields}
            update={(responseFields) => setState({ ...state, responseFields })}
            readOnly={readOnly}
          />
          <ActionModel state={state} agent={agent} />
        </>
      ) : state.responseFields.length ? (
        <p className="muted small">
          {state.responseFields.length} response field{state.responseFields.length === 1 ? "" : "s"} kept for structured
          mode; native tool calling does not use them.
        </p>
      ) : null}
    </section>
  );
}
