/**
 * The HTTP contract of the tools (docs/http-contract.md): listing, saving as immutable versions,
 * reading one version, deleting, analysing a source live, test runs, the provider formats and the
 * `atelier` module's declarations. Browser-safe: zod and shared modules only.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import { ToolDetail, ToolSummary, ToolUpgradeResult } from "../../tool-store/tool-views.shared";
import {
  AnthropicTool,
  AtelierModuleTypes,
  OpenAITool,
  SchemaFormat,
  ToolAnalysisView,
} from "../../tools/tool-analysis.shared";
import { ToolCallOutcome } from "../../tools/tool-call-outcome.shared";
import { ToolSourceInput } from "../../tools/tool-source.shared";
import { FIELD_NAME_PATTERN } from "../../tools/availability.shared";

const ToolParams = z.object({ id: z.string().min(1) });
const VersionQuery = z.coerce.number().int().min(1).optional();
const ToolAnswer = z.object({ tool: ToolDetail });

export const toolsApi = {
  /** Every tool with its latest version's state. */
  list: endpoint({
    method: "GET",
    path: "/api/tools",
    response: z.object({ tools: z.array(ToolSummary) }),
  }),
  /** A new tool from its source, as version 1 (a draft when it has definition errors). */
  create: endpoint({
    method: "POST",
    path: "/api/tools",
    body: ToolSourceInput,
    response: ToolAnswer,
    status: 201,
  }),
  /** The tool with one version (latest unless ?version=N), its history and the agents using it. */
  get: endpoint({
    method: "GET",
    path: "/api/tools/:id",
    params: ToolParams,
    query: z.object({ version: VersionQuery }),
    response: ToolAnswer,
  }),
  /** The source saved as a new immutable version. */
  update: endpoint({
    method: "PUT",
    path: "/api/tools/:id",
    params: ToolParams,
    body: ToolSourceInput,
    response: ToolAnswer,
  }),
  /**
   * Upgrades agents to the tool's newest version without definition errors: each agent whose
   * latest version pins an older one is saved as a new agent version pinning it (labels stay put;
   * each result says where `production` points). Agents already current are answered unchanged.
   */
  upgrade: endpoint({
    method: "POST",
    path: "/api/tools/:id/upgrade",
    params: ToolParams,
    body: z.object({
      agentIds: z
        .array(z.string().min(1))
        .min(1, "Name at least one agent to upgrade")
        .max(100, "Upgrade at most 100 agents at once"),
    }),
    response: z.object({ upgrades: z.array(ToolUpgradeResult) }),
  }),
  /** Deletes the tool; refused (409 `tool_in_use`) while agents use it. */
  delete: endpoint({
    method: "DELETE",
    path: "/api/tools/:id",
    params: ToolParams,
    response: DeletedResponse,
  }),
  /**
   * A test run in the sandbox with the caller's arguments (the latest version unless `version`);
   * `context` stands for a conversation's context values (`ctx.context`; none: `{}`).
   */
  invoke: endpoint({
    method: "POST",
    path: "/api/tools/:id/invoke",
    params: ToolParams,
    body: z.object({
      arguments: z.unknown().refine((v) => v !== undefined, { message: "Send the tool's arguments as a JSON object" }),
      version: z.number().int().min(1).optional(),
      context: z
        .record(
          z
            .string()
            .regex(FIELD_NAME_PATTERN, "A context field name is a letter or _ then up to 63 letters, digits or _"),
          z.union([z.string(), z.number(), z.boolean()], {
            error: "A context value is a string, a number or a boolean",
          }),
        )
        .optional(),
    }),
    response: ToolCallOutcome,
  }),
  /** The tool as a provider receives it (OpenAI or Anthropic tool format). */
  schema: endpoint({
    method: "GET",
    path: "/api/tools/:id/schema",
    params: ToolParams,
    query: z.object({ format: SchemaFormat.default("openai"), version: VersionQuery }),
    response: z.discriminatedUnion("format", [
      z.object({ format: z.literal("openai"), version: z.number().int().min(1), schema: OpenAITool }),
      z.object({ format: z.literal("anthropic"), version: z.number().int().min(1), schema: AnthropicTool }),
    ]),
  }),
  /** TypeScript source -> the tool the model would see and every diagnostic (nothing runs). */
  analyze: endpoint({
    method: "POST",
    path: "/api/tools/analyze",
    body: ToolSourceInput,
    response: ToolAnalysisView,
  }),
  /** The `atelier` module's declarations, for the editor. */
  atelierTypes: endpoint({
    method: "GET",
    path: "/api/tools/atelier-types",
    response: AtelierModuleTypes,
  }),
};
