/**
 * The agents API (docs/http-contract.md): the list, one agent, create, update, delete, and
 * switching the active model to a roster entry. The body of create and update is AgentInput — the
 * schema the editor validates its draft with before saving (lib/agents/README.md).
 */
import { z } from "zod";
import { AgentInput } from "../../agents/agent-input.shared";
import { AgentSummary } from "../../agents/agent-summary.shared";
import { AgentView } from "../../agents/agent-view.shared";
import { ModelConfig } from "../../models/model-config.shared";
import { DeletedResponse, endpoint } from "../contract.shared";

const AgentParams = z.object({ id: z.string().min(1) });

export const agentsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/agents",
    response: z.object({ agents: z.array(AgentSummary) }),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/agents/:id",
    params: AgentParams,
    response: z.object({ agent: AgentView }),
  }),
  /** Answers the agent (model = the active config, roster = the list). */
  create: endpoint({
    method: "POST",
    path: "/api/agents",
    body: AgentInput,
    response: z.object({ agent: AgentView }),
    status: 201,
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/agents/:id",
    params: AgentParams,
    body: AgentInput,
    response: z.object({ agent: AgentView }),
  }),
  /** Refused (409 agent_in_use) while another agent uses it as a tool. */
  delete: endpoint({
    method: "DELETE",
    path: "/api/agents/:id",
    params: AgentParams,
    response: DeletedResponse,
  }),
  /** Answers the now-active model config, or 409 ModelSwitchError (nothing changed). */
  switchModel: endpoint({
    method: "POST",
    path: "/api/agents/:id/switch-model",
    params: AgentParams,
    body: z.object({ key: z.string().trim().min(1, "Name the roster key to switch to (provider:model)") }).strict(),
    response: ModelConfig,
  }),
};
