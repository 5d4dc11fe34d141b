import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { listTools } from "@/lib/db/list-tools";
import { createTool, ToolSourceInput } from "@/lib/db/tool-store";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE }, async () => ({ tools: await listTools(getDb()) }));

/** Saves a new tool from its TypeScript source as version 1 (a draft when it has definition errors). */
export const POST = defineRoute({ access: ["author"], body: ToolSourceInput, status: 201 }, async ({ body, principal }) => ({
  tool: await createTool(getDb(), principal!, body.source),
}));

export const { PUT, PATCH, DELETE } = otherMethodsRefused(["GET", "POST"]);
