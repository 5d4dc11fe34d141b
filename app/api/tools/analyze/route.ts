import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { ToolSourceInput } from "@/lib/db/tool-store";
import { analyzeTool } from "@/lib/tools/analyze-tool";

export const dynamic = "force-dynamic";

/**
 * TypeScript source -> the tool the model would see and every diagnostic with its range.
 * Static analysis only: nothing of the submitted code is executed.
 */
export const POST = defineRoute({ access: ANY_ROLE, body: ToolSourceInput }, ({ body }) => {
  const { tool, diagnostics, preview } = analyzeTool(body.source);
  return { tool, diagnostics, preview: preview ?? null };
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused(["POST"]);
