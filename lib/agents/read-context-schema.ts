/**
 * The context schema of one agent version, read alone (a conversation's creation and its move to
 * another version check the conversation's values against it). A version saved before context
 * schemas has none: `{fields: []}`.
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { NotFoundError } from "../errors";
import { AgentConfigError } from "./agent-config-error";
import type { VersionConfig } from "./agent-version-config.shared";
import { ContextSchema } from "./context-schema.shared";

export async function versionContextSchema(db: Db, agentId: string, version: number): Promise<ContextSchema> {
  const row = await db.agentVersion.findUnique({
    where: { agentId_version: { agentId, version } },
    select: { config: true },
  });
  if (!row) throw new NotFoundError(`The agent has no version ${version}.`);
  const stored = readJsonColumn<Partial<VersionConfig> | null>(row.config)?.contextSchema;
  const parsed = ContextSchema.safeParse(stored ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: ["contextSchema", ...i.path].join("."),
      message: i.message,
    }));
    throw new AgentConfigError(
      `The stored context schema of v${version} is no longer valid: ${issues[0]?.path}: ${issues[0]?.message}`,
      agentId,
      issues,
    );
  }
  return parsed.data;
}
