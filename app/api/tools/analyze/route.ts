import { toolsApi } from "@/lib/api/contracts/tools.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { connectionStates, studioConnections } from "@/lib/tool-store/studio-connections";
import { toAnthropicTool, toOpenAITool } from "@/lib/tools/schema-formats";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * TypeScript source -> the tool the model would see and every diagnostic with its range.
   * Static analysis only: nothing of the submitted code is executed. `formats` is the tool (or, while
   * definition errors are pending, its preview) in the OpenAI and Anthropic tool formats.
   * Authors (and admins) only; it runs in the analyser worker with a time limit and spends the
   * caller's analysis budget (429 with Retry-After when spent). The studio's connections are
   * passed in (names, fields, which are secret) for the analyser's connection checks, and
   * `connections` says which of those the tool names are configured.
   */
  POST: defineRoute(toolsApi.analyze, { access: ["author"] }, async ({ body, principal, db, server }) => {
    const studio = await studioConnections(db);
    const { tool, diagnostics, preview } = await server.limits.analysis.run(principal, () =>
      server.analyser.analyze(body.source, { known: studio.known }),
    );
    const shown = tool ?? preview ?? null;
    return {
      tool,
      diagnostics,
      preview: preview ?? null,
      formats: shown ? { openai: toOpenAITool(shown), anthropic: toAnthropicTool(shown) } : null,
      ...(shown ? { connections: connectionStates(shown, studio) } : {}),
    };
  }),
});
