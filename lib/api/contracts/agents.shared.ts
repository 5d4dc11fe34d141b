/**
 * The agents API (docs/http-contract.md): the list, one agent, create, update, delete, and
 * switching the active model to a roster entry. The body of create and update is AgentInput — the
 * schema the editor validates its draft with before saving (lib/agents/README.md).
 */
import { z } from "zod";
import { AgentInput } from "../../agents/agent-input.shared";
import { AgentSummary } from "../../agents/agent-summary.shared";
import { AgentView } from "../../agents/agent-view.shared";
import { AgentLabels, LabelName } from "../../agents/agent-label.shared";
import { AgentVersionSummary } from "../../agents/agent-versions.shared";
import { ModelConfig } from "../../models/model-config.shared";
import { AgentFile, AgentFileDocument } from "../../agents/agent-file.shared";
import { DeletedResponse, endpoint } from "../contract.shared";

const AgentParams = z.object({ id: z.string().min(1) });
const VersionParams = AgentParams.extend({
  n: z.coerce
    .number({ error: "A version is a positive whole number" })
    .int()
    .positive("A version is a positive whole number"),
});
const LabelParams = AgentParams.extend({ label: LabelName });

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

  /** Every version, newest first: who saved it, when, and the labels pointing at it. */
  versions: endpoint({
    method: "GET",
    path: "/api/agents/:id/versions",
    params: AgentParams,
    response: z.object({ versions: z.array(AgentVersionSummary) }),
  }),
  /** The agent at version n (its agent-wide state as it is now), and the names its tools had at save. */
  version: endpoint({
    method: "GET",
    path: "/api/agents/:id/versions/:n",
    params: VersionParams,
    response: z.object({ agent: AgentView, toolNames: z.array(z.string()) }),
  }),
  /** Saves version n's configuration as the newest version (409 tool_gone when it uses a deleted tool). */
  restoreVersion: endpoint({
    method: "POST",
    path: "/api/agents/:id/versions/:n/restore",
    params: VersionParams,
    response: z.object({ agent: AgentView }),
  }),
  /**
   * The tools of a version (the latest while unset) as its runs offer them — the actions a
   * structured-mode agent chooses from, for the action model the agent page shows.
   */
  actions: endpoint({
    method: "GET",
    path: "/api/agents/:id/actions",
    params: AgentParams,
    query: z.object({
      version: z.coerce
        .number({ error: "A version is a positive whole number" })
        .int()
        .positive("A version is a positive whole number")
        .optional(),
    }),
    response: z.object({
      version: z.number().int().positive(),
      actions: z.array(
        z.object({
          name: z.string(),
          description: z.string(),
          parameters: z.record(z.string(), z.unknown()),
          conditional: z.boolean(),
        }),
      ),
    }),
  }),
  /** Every label and its version: production and staging always (null while unset), then the others. */
  labels: endpoint({
    method: "GET",
    path: "/api/agents/:id/labels",
    params: AgentParams,
    response: z.object({ labels: AgentLabels }),
  }),
  /**
   * Creates or moves a label (audited). `freezeTools` first saves the version again with every
   * follow-latest tool pinned to its current version, and points the label there.
   */
  moveLabel: endpoint({
    method: "PUT",
    path: "/api/agents/:id/labels/:label",
    params: LabelParams,
    body: z
      .object({
        version: z.number({ error: "Name the version (a number)" }).int().positive(),
        freezeTools: z.boolean().optional(),
      })
      .strict(),
    response: z.object({
      label: z.string(),
      version: z.number().int().positive(),
      previous: z.number().int().positive().nullable(),
      frozenFrom: z.number().int().positive().optional(),
    }),
  }),

  /**
   * The agent as a file (docs/agent-file.md): at ?version=N or ?label=L (neither: production, the
   * latest while unset), with the agents it calls and its tools' sources, and no database id.
   */
  exportAgent: endpoint({
    method: "GET",
    path: "/api/agents/:id/export",
    params: AgentParams,
    query: z
      .object({
        version: z.coerce
          .number({ error: "A version is a positive whole number" })
          .int()
          .positive("A version is a positive whole number")
          .optional(),
        label: LabelName.optional(),
      })
      .refine((q) => q.version === undefined || q.label === undefined, {
        message: "Give a version or a label, not both",
        path: ["label"],
      }),
    response: AgentFile,
  }),
  /**
   * Recreates an agent file's tools, agents and agent here (one transaction); 409 `conflict` with
   * `differing` when ?exact=true and a tool's source differs from every version of it here.
   */
  importAgent: endpoint({
    method: "POST",
    path: "/api/agents/import",
    query: z.object({
      exact: z.enum(["true", "false"], { error: 'exact is "true" or "false"' }).optional(),
    }),
    body: AgentFileDocument,
    response: z.object({
      agentId: z.string(),
      name: z.string(),
      version: z.number().int().positive(),
      created: z.boolean(),
      agents: z.array(
        z.object({ name: z.string(), agentId: z.string(), version: z.number().int().positive(), created: z.boolean() }),
      ),
      tools: z.array(
        z.object({
          name: z.string(),
          version: z.number().int().positive(),
          action: z.enum(["reused", "created", "saved"]),
        }),
      ),
    }),
    status: 201,
  }),
};
