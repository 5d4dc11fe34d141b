import { toolsApi } from "@/lib/api/contracts/tools.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { studioConnections } from "@/lib/tool-store/studio-connections";
import { ANY_ROLE } from "@/lib/auth/roles";
import { deleteTool } from "@/lib/tool-store/delete-tool";
import { getTool } from "@/lib/tool-store/read-tool";
import { saveToolVersion } from "@/lib/tool-store/save-tool";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The tool with one version (latest unless ?version=N), its history and the agents using it. */
  GET: defineRoute(toolsApi.get, { access: ANY_ROLE }, async ({ params, query, db }) => ({
    tool: await getTool(db, params.id, query.version),
  })),
  /**
   * Saves the source as a new immutable version (its analysis spends the caller's analysis budget
   * and is told the studio's connections).
   */
  PUT: defineRoute(toolsApi.update, { access: ["author"] }, async ({ params, body, principal, db, server }) => {
    const { known } = await studioConnections(db);
    return {
      tool: await server.limits.analysis.run(principal, () =>
        saveToolVersion(db, principal, params.id, body.source, (source) => server.analyser.analyze(source, { known })),
      ),
    };
  }),
  /** Deletes the tool; refused (409) while agents use it, naming them. */
  DELETE: defineRoute(toolsApi.delete, { access: ["author"] }, async ({ params, db }) => {
    await deleteTool(db, params.id);
    return { deleted: params.id };
  }),
});
