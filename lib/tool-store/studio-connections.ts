/**
 * What the tool analyser is told about the studio's connections (it has no database): each
 * connection of the workspace with its fields' names and whether each is secret, and which are
 * configured (every field set: lib/connections' `isComplete`) for the Tool Studio's preview. No
 * value comes out of lib/connections for this (its "names" view).
 */
import { isComplete } from "../connections/connection-views.shared";
import { listConnections } from "../connections/list-connections";
import type { Db } from "../db/client";
import type { AnalysisKnown, AnalyzedTool, ConnectionState } from "../tools/tool-analysis.shared";
import { connectionsNamed } from "../tools/tool-requirements.shared";

export interface StudioConnections {
  known: AnalysisKnown;
  /** The connections with every field set. */
  configured: ReadonlySet<string>;
}

export async function studioConnections(db: Db): Promise<StudioConnections> {
  const views = await listConnections(db, "names");
  return {
    known: {
      connections: views.map((c) => ({
        name: c.name,
        fields: c.fields.map((f) => ({ name: f.name, secret: f.secret })),
      })),
    },
    configured: new Set(views.filter(isComplete).map((c) => c.name)),
  };
}

/** The state of each connection `tool` names (a name the studio does not have is not configured). */
export function connectionStates(
  tool: Pick<AnalyzedTool, "connections" | "availableWhen" | "templates">,
  studio: StudioConnections,
): ConnectionState[] {
  return connectionsNamed(tool).map((name) => ({ name, configured: studio.configured.has(name) }));
}
