/**
 * Tools as the store answers them (lib/tool-store/README.md): the tools list's rows and one tool
 * with a version, its history and the agents using it. Zod schemas, for the server (list-tools.ts,
 * read-tool.ts build these types) and the browser (the Tool Studio, through
 * lib/api/contracts/tools.shared.ts). Dates are ISO strings. Browser-safe: zod and shared modules only.
 */
import { z } from "zod";
import { AnalyzedTool, ToolDiagnostic } from "../tools/tool-analysis.shared";

const VersionNumber = z.number().int().min(1);

/** One row of the tools list: the tool with its latest version's state. */
export const ToolSummary = z.object({
  id: z.string(),
  name: z.string(),
  /** Null (like the flags below) only for a tool without a version. */
  latestVersion: VersionNumber.nullable(),
  hasErrors: z.boolean().nullable(),
  sideEffecting: z.boolean().nullable(),
  idempotent: z.boolean().nullable(),
  requiresApproval: z.boolean().nullable(),
  /** How many agents use it. */
  usedBy: z.number().int().min(0),
  updatedAt: z.iso.datetime(),
});
export type ToolSummary = z.infer<typeof ToolSummary>;

/** One version in a tool's history (newest first). */
export const ToolVersionSummary = z.object({
  version: VersionNumber,
  hasErrors: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ToolVersionSummary = z.infer<typeof ToolVersionSummary>;

/** One version with its source, analysis and diagnostics. */
export const ToolVersionDetail = ToolVersionSummary.extend({
  source: z.string(),
  /** The analysed tool when clean; the editor's best-effort preview when it has errors. */
  analysis: AnalyzedTool.nullable(),
  diagnostics: z.array(ToolDiagnostic),
});
export type ToolVersionDetail = z.infer<typeof ToolVersionDetail>;

/**
 * How one agent version uses the tool: pinned to a version (what its runs call, whatever is saved
 * since) or following the latest (each run takes the newest version without definition errors).
 */
export const ToolPin = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("pinned"), version: VersionNumber }),
  z.object({ kind: z.literal("follows") }),
]);
export type ToolPin = z.infer<typeof ToolPin>;

/**
 * An agent that uses the tool (in its latest or a labelled version), with the tool version each of
 * those runs: `pin` for the agent's latest version (null when only a labelled version still uses
 * the tool), and `production` when that label is set.
 */
export const ToolUser = z.object({
  agentId: z.string(),
  name: z.string(),
  /** The agent's latest version. */
  agentVersion: VersionNumber,
  pin: ToolPin.nullable(),
  /** Where the agent's `production` label points and how that version uses the tool; null while unset. */
  production: z.object({ version: VersionNumber, pin: ToolPin.nullable() }).nullable(),
});
export type ToolUser = z.infer<typeof ToolUser>;

/** A stored tool with one version (the latest unless asked), its history and the agents using it. */
export const ToolDetail = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: ToolVersionDetail,
  latestVersion: VersionNumber,
  /** The newest version without definition errors: what an upgrade pins and "follow latest" runs (null: none yet). */
  runnableVersion: VersionNumber.nullable(),
  versions: z.array(ToolVersionSummary),
  usedBy: z.array(ToolUser),
});
export type ToolDetail = z.infer<typeof ToolDetail>;

/** What upgrading one agent to the tool's newest runnable version did (POST /api/tools/{id}/upgrade). */
export const ToolUpgradeResult = z.object({
  agentId: z.string(),
  name: z.string(),
  /** `upgraded`: a new agent version pins `toVersion`; `current`: nothing pinned an older version (none saved). */
  status: z.enum(["upgraded", "current"]),
  /** The tool version the agent's latest version pinned before (null: it followed the latest or did not use the tool). */
  fromVersion: VersionNumber.nullable(),
  toVersion: VersionNumber,
  /** The agent's latest version before, and after (the same when `current`). */
  previousAgentVersion: VersionNumber,
  agentVersion: VersionNumber,
  /** Where `production` points (null: unset, so new conversations start on the latest version). */
  productionVersion: VersionNumber.nullable(),
});
export type ToolUpgradeResult = z.infer<typeof ToolUpgradeResult>;
