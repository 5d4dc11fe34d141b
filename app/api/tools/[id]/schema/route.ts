import { toolsApi } from "@/lib/api/contracts/tools.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getRunnableTool } from "@/lib/tool-store/read-tool";
import { toAnthropicTool, toOpenAITool } from "@/lib/tools/schema-formats";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The tool as a provider receives it (OpenAI or Anthropic tool format). */
  GET: defineRoute(toolsApi.schema, { access: ANY_ROLE }, async ({ params, query, db }) => {
    const { tool, version } = await getRunnableTool(db, params.id, query.version);
    return query.format === "openai"
      ? { format: "openai" as const, version, schema: toOpenAITool(tool) }
      : { format: "anthropic" as const, version, schema: toAnthropicTool(tool) };
  }),
});
