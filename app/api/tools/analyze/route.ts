import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { analysisBudget } from "@/lib/tool-store/analysis-budget";
import { analyzeToolInWorker } from "@/lib/tools/analysis-runner";
import { toAnthropicTool, toOpenAITool } from "@/lib/tools/schema-formats";
import { ToolSourceInput } from "@/lib/tools/tool-source.shared";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * TypeScript source -> the tool the model would see and every diagnostic with its range.
   * Static analysis only: nothing of the submitted code is executed. `formats` is the tool (or, while
   * definition errors are pending, its preview) in the OpenAI and Anthropic tool formats.
   * Authors (and admins) only; it runs in the analyser worker with a time limit and spends the
   * caller's analysis budget (429 with Retry-After when spent).
   */
  POST: defineRoute({ access: ["author"], body: ToolSourceInput }, async ({ body, principal }) => {
    const { tool, diagnostics, preview } = await analysisBudget.run(principal, () => analyzeToolInWorker(body.source));
    const shown = tool ?? preview ?? null;
    return {
      tool,
      diagnostics,
      preview: preview ?? null,
      formats: shown ? { openai: toOpenAITool(shown), anthropic: toAnthropicTool(shown) } : null,
    };
  }),
});
