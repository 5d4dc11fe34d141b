import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getRunnableTool } from "@/lib/tool-store/read-tool";
import { toProviderTool } from "@/lib/tools/schema-formats";

export const dynamic = "force-dynamic";

const Query = z.object({
  format: z.enum(["openai", "anthropic"]).default("openai"),
  version: z.coerce.number().int().min(1).optional(),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The tool as a provider receives it (OpenAI or Anthropic tool format). */
  GET: defineRoute(
    { access: ANY_ROLE, params: z.object({ id: z.string().min(1) }), query: Query },
    async ({ params, query, db }) => {
      const { tool, version } = await getRunnableTool(db, params.id, query.version);
      return { format: query.format, version, schema: toProviderTool(tool, query.format) };
    },
  ),
});
