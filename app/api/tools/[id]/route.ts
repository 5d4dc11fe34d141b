import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { deleteTool } from "@/lib/tool-store/delete-tool";
import { getTool } from "@/lib/tool-store/read-tool";
import { analysisBudget } from "@/lib/tool-store/analysis-budget";
import { saveToolVersion } from "@/lib/tool-store/save-tool";
import { ToolSourceInput } from "@/lib/tools/tool-source.shared";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Query = z.object({ version: z.coerce.number().int().min(1).optional() });

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The tool with one version (latest unless ?version=N), its history and the agents using it. */
  GET: defineRoute({ access: ANY_ROLE, params: Params, query: Query }, async ({ params, query, db }) => ({
    tool: await getTool(db, params.id, query.version),
  })),
  /** Saves the source as a new immutable version (its analysis spends the caller's analysis budget). */
  PUT: defineRoute(
    { access: ["author"], params: Params, body: ToolSourceInput },
    async ({ params, body, principal, db }) => ({
      tool: await analysisBudget.run(principal, () => saveToolVersion(db, principal, params.id, body.source)),
    }),
  ),
  /** Deletes the tool; refused (409) while agents use it, naming them. */
  DELETE: defineRoute({ access: ["author"], params: Params }, async ({ params, db }) => {
    await deleteTool(db, params.id);
    return { deleted: params.id };
  }),
});
