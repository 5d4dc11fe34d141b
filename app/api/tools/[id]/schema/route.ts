import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { getRunnableTool } from "@/lib/db/tool-store";
import { toProviderTool } from "@/lib/tools/schema-formats";

export const dynamic = "force-dynamic";

const Query = z.object({
  format: z.enum(["openai", "anthropic"]).default("openai"),
  version: z.coerce.number().int().min(1).optional(),
});

/** The tool as a provider receives it (OpenAI or Anthropic tool format). */
export const GET = defineRoute({ access: ANY_ROLE, params: z.object({ id: z.string().min(1) }), query: Query }, async ({ params, query }) => {
  const { tool, version } = await getRunnableTool(getDb(), params.id, query.version);
  return { format: query.format, version, schema: toProviderTool(tool, query.format) };
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
