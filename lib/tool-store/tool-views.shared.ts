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

/** An agent that uses the tool. */
export const ToolUser = z.object({ agentId: z.string(), name: z.string() });
export type ToolUser = z.infer<typeof ToolUser>;

/** A stored tool with one version (the latest unless asked), its history and the agents using it. */
export const ToolDetail = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: ToolVersionDetail,
  latestVersion: VersionNumber,
  versions: z.array(ToolVersionSummary),
  usedBy: z.array(ToolUser),
});
export type ToolDetail = z.infer<typeof ToolDetail>;
