import { toolsApi } from "@/lib/api/contracts/tools.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { studioConnections } from "@/lib/tool-store/studio-connections";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listTools } from "@/lib/tool-store/list-tools";
import { createTool } from "@/lib/tool-store/save-tool";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(toolsApi.list, { access: ANY_ROLE }, async ({ db }) => ({ tools: await listTools(db) })),
  /**
   * Saves a new tool from its TypeScript source as version 1 (a draft when it has definition errors).
   * The save's analysis spends the caller's analysis budget; it is told the studio's connections.
   */
  POST: defineRoute(toolsApi.create, { access: ["author"] }, async ({ body, principal, db, server }) => {
    const { known } = await studioConnections(db);
    return {
      tool: await server.limits.analysis.run(principal, () =>
        createTool(db, principal, body.source, (source) => server.analyser.analyze(source, { known })),
      ),
    };
  }),
});
