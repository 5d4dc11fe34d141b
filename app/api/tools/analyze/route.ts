import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { analyzeTool } from "@/lib/tools/analyze-tool";
import { toAnthropicTool, toOpenAITool } from "@/lib/tools/schema-formats";
import { ToolSourceInput } from "@/lib/tools/tool-source.shared";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * TypeScript source -> the tool the model would see and every diagnostic with its range.
   * Static analysis only: nothing of the submitted code is executed. `formats` is the tool (or, while
   * definition errors are pending, its preview) in the OpenAI and Anthropic tool formats.
   */
  POST: defineRoute({ access: ANY_ROLE, body: ToolSourceInput }, ({ body }) => {
    const { tool, diagnostics, preview } = analyzeTool(body.source);
    const shown = tool ?? preview ?? null;
    return {
      tool,
      diagnostics,
      preview: preview ?? null,
      formats: shown ? { openai: toOpenAITool(shown), anthropic: toAnthropicTool(shown) } : null,
    };
  }),
});
