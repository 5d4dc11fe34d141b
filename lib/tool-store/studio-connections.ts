/**
 * What the tool analyser is told about the studio's connections (it has no database): each
 * connection of the workspace with its fields' names and whether each is secret, and which are
 * configured (every field set) for the Tool Studio's preview. Values never leave this module.
 */
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import type { AnalysisKnown, AnalyzedTool, ConnectionState } from "../tools/tool-analysis.shared";
import { connectionsNamed } from "../tools/tool-requirements.shared";

export interface StudioConnections {
  known: AnalysisKnown;
  /** The connections with every field set. */
  configured: ReadonlySet<string>;
}

export async function studioConnections(db: Db): Promise<StudioConnections> {
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.connection.findMany({
    where: { workspaceId },
    orderBy: { name: "asc" },
    select: { name: true, fields: { select: { name: true, secret: true, value: true, ciphertext: true } } },
  });
  const isSet = (f: (typeof rows)[number]["fields"][number]) =>
    f.secret ? f.ciphertext !== null : f.value !== null && f.value !== "";
  return {
    known: {
      connections: rows.map((c) => ({
        name: c.name,
        fields: c.fields.map((f) => ({ name: f.name, secret: f.secret })),
      })),
    },
    configured: new Set(rows.filter((c) => c.fields.every(isSet)).map((c) => c.name)),
  };
}

/** The state of each connection `tool` names (a name the studio does not have is not configured). */
export function connectionStates(
  tool: Pick<AnalyzedTool, "connections" | "availableWhen" | "templates">,
  studio: StudioConnections,
): ConnectionState[] {
  return connectionsNamed(tool).map((name) => ({ name, configured: studio.configured.has(name) }));
}
