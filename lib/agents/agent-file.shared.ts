/**
 * The agent file (docs/agent-file.md): one agent, the agents it calls as tools and the sources of
 * its saved tools, as one JSON document with no database ids — what `GET /api/agents/{id}/export`
 * answers and `POST /api/agents/import` takes. Everything is referred to by name (tools, agents,
 * MCP servers, model providers); a saved tool entry also names the SHA-256 of its source, which
 * the document's `tools` list holds. Nothing secret is part of it: provider keys and MCP headers
 * stay in the studio that holds them. Browser-safe (zod and shared modules only); the one schema
 * of the export, the import, their routes and tests, and of docs/agent-file.schema.json.
 */
import { z } from "zod";
import { AGENT_NAME_PATTERN } from "./agent-input.shared";
import { Autonomy } from "./autonomy.shared";
import { CompactionConfig } from "./compaction-config.shared";
import { ContextSchema } from "./context-schema.shared";
import { LimitRecovery } from "./limit-recovery.shared";
import { PromptConfig } from "./prompt-config.shared";
import { RuntimeConfig } from "./runtime-config.shared";
import { SuggestedPrompts } from "./suggested-prompts.shared";
import { ResponseFields, ToolMode } from "./tool-mode.shared";
import { AgentSkills } from "../skills/skill-name.shared";
import { BUILTIN_TOOLS, WorkspaceScope } from "./agent-tools.shared";
import { AgentLimits, RunLimits } from "./usage-limits.shared";
import { ModelConfig } from "../models/model-config.shared";
import { MAX_TOOL_SOURCE_CHARS } from "../tools/tool-source.shared";

export const AGENT_FILE_FORMAT = "atelier.agent";
export const AGENT_FILE_FORMAT_VERSION = 1;

/** The largest document `POST /api/agents/import` reads (beyond: 413). */
export const MAX_AGENT_FILE_BYTES = 5 * 1024 * 1024;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ToolName = z.string().regex(TOOL_NAME, "A tool name is 1–64 letters, digits, _ or -");
const AgentName = z
  .string()
  .regex(AGENT_NAME_PATTERN, "An agent name is 1–64 letters, digits, _ or - (it is a tool name too)");
const SourceHash = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "sourceHash is the SHA-256 of the tool's source, 64 lowercase hex digits");

/** A saved tool: its name and the hash of the source it runs (`follow: "latest"`: the tool's newest source). */
export const FileSavedToolEntry = z
  .object({
    tool: ToolName,
    sourceHash: SourceHash,
    follow: z.literal("latest", { error: 'follow is "latest" (or leave it out to pin this source)' }).optional(),
  })
  .strict();
export const FileBuiltinToolEntry = z
  .object({
    builtin: z.enum(BUILTIN_TOOLS, { error: "A built-in tool is memory or workspace" }),
    scope: WorkspaceScope.optional(),
  })
  .strict()
  .refine((r) => r.scope === undefined || r.builtin === "workspace", {
    message: "Only the workspace tool has a scope",
    path: ["scope"],
  });
export const FileAgentToolEntry = z.object({ agent: AgentName, sideEffecting: z.boolean() }).strict();
export const FileMcpToolEntry = z
  .object({
    /** The MCP server's name in the studio (its URL and headers are the studio's own). */
    mcpServer: z.string().trim().min(1, "Name the MCP server"),
    tool: z.string().trim().min(1, "Name the server's tool"),
    as: z.string().trim().min(1).optional(),
  })
  .strict();

export const AgentFileToolEntry = z.union(
  [FileSavedToolEntry, FileBuiltinToolEntry, FileAgentToolEntry, FileMcpToolEntry],
  {
    error:
      'A tool entry is {"tool", "sourceHash", "follow"?}, {"builtin": "memory"|"workspace", "scope"?}, {"agent", "sideEffecting"} or {"mcpServer", "tool", "as"?}',
  },
);
export type AgentFileToolEntry = z.infer<typeof AgentFileToolEntry>;

/**
 * One agent's configuration, as the agent JSON (lib/agents/README.md) with its tools by name:
 * `model` is the active model, `roster` the declared list ([] for a single-model agent).
 */
export const AgentFileAgent = z
  .object({
    name: AgentName,
    description: z.string().max(2000).default(""),
    prompt: PromptConfig.prefault({}),
    model: ModelConfig,
    roster: z.array(ModelConfig).default([]),
    runLimits: RunLimits.prefault({}),
    agentLimits: AgentLimits.prefault({}),
    autonomy: Autonomy.default("auto"),
    compaction: CompactionConfig.prefault({}),
    limitRecovery: LimitRecovery.prefault({}),
    runtime: RuntimeConfig.prefault({}),
    tools: z.array(AgentFileToolEntry).max(128).default([]),
    /** The fields a conversation is started with; a file written before them has none. */
    contextSchema: ContextSchema.prefault({}),
    /** The prompts an empty conversation offers; a file written before them has none. */
    suggestedPrompts: SuggestedPrompts.default([]),
    /** Attached skills by name; a file written before them has none. */
    skills: AgentSkills.default([]),
    toolMode: ToolMode.default("native"),
    responseFields: ResponseFields.default([]),
  })
  .strict();
export type AgentFileAgent = z.infer<typeof AgentFileAgent>;

/** A saved tool's source; its name is the tool's name in the studio it came from. */
export const AgentFileTool = z
  .object({
    name: ToolName,
    source: z
      .string()
      .min(1, "The source is empty")
      .max(MAX_TOOL_SOURCE_CHARS, `Keep a tool under ${MAX_TOOL_SOURCE_CHARS} characters`),
  })
  .strict();
export type AgentFileTool = z.infer<typeof AgentFileTool>;

export const AgentFile = z
  .object({
    format: z.literal(AGENT_FILE_FORMAT, {
      error: `This is not an agent file: "format" must be "${AGENT_FILE_FORMAT}"`,
    }),
    formatVersion: z.literal(AGENT_FILE_FORMAT_VERSION, {
      error: `This studio reads agent files of formatVersion ${AGENT_FILE_FORMAT_VERSION}; export the agent again from a studio of the same format, or upgrade this one`,
    }),
    /** When the file was made; every export writes it, an import does not need it (a file kept in git may drop it). */
    exportedAt: z.iso.datetime({ offset: true }).optional(),
    /** The agent the file is about. */
    agent: AgentFileAgent,
    /** Every saved tool's source the agents use, once, by name then hash. */
    tools: z.array(AgentFileTool).max(1000).default([]),
    /** The agents called as tools (recursively), once each, by name. */
    agents: z.array(AgentFileAgent).max(200).default([]),
  })
  .strict();
export type AgentFile = z.infer<typeof AgentFile>;
export type AgentFileInput = z.input<typeof AgentFile>;

/**
 * What the import reads: the format and its version are checked first, alone, so a file of
 * another kind or version is refused with that message rather than with every field it lacks.
 */
export const AgentFileDocument = z
  .looseObject({ format: AgentFile.shape.format, formatVersion: AgentFile.shape.formatVersion })
  .pipe(AgentFile);

/** Which tool entry this is. */
export function fileToolEntryKind(entry: AgentFileToolEntry): "tool" | "builtin" | "agent" | "mcp" {
  if ("sourceHash" in entry) return "tool";
  if ("builtin" in entry) return "builtin";
  if ("mcpServer" in entry) return "mcp";
  return "agent";
}

/**
 * The document's JSON Schema (draft 2020-12), as committed at docs/agent-file.schema.json: what an
 * import accepts (fields with a default may be left out).
 */
export function agentFileJsonSchema(): Record<string, unknown> {
  // A registry of its own per call: the reused parts become named $defs (an id in zod's global
  // registry would clash when a bundler loads this module twice).
  const names = z.registry<{ id: string }>();
  names.add(AgentFileAgent, { id: "Agent" });
  names.add(AgentFileToolEntry, { id: "ToolEntry" });
  names.add(AgentFileTool, { id: "ToolSource" });
  names.add(ModelConfig, { id: "ModelConfig" });
  const schema = z.toJSONSchema(AgentFile, { io: "input", target: "draft-2020-12", metadata: names });
  const { $schema, ...rest } = schema as Record<string, unknown>;
  return {
    $schema,
    title: "Atelier agent file",
    description: `An agent, the agents it calls as tools and its tools' sources (format "${AGENT_FILE_FORMAT}", formatVersion ${AGENT_FILE_FORMAT_VERSION}); see docs/agent-file.md.`,
    ...rest,
  };
}
