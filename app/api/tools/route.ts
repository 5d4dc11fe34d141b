import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listTools } from "@/lib/tool-store/list-tools";
import { analysisBudget } from "@/lib/tool-store/analysis-budget";
import { createTool } from "@/lib/tool-store/save-tool";
import { ToolSourceInput } from "@/lib/tools/tool-source.shared";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE }, async ({ db }) => ({ tools: await listTools(db) })),
  /**
   * Saves a new tool from its TypeScript source as version 1 (a draft when it has definition errors).
   * The save's analysis spends the caller's analysis budget.
   */
  POST: defineRoute({ access: ["author"], body: ToolSourceInput, status: 201 }, async ({ body, principal, db }) => ({
    tool: await analysisBudget.run(principal, () => createTool(db, principal, body.source)),
  })),
});
