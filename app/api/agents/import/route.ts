import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { MAX_AGENT_FILE_BYTES } from "@/lib/agents/agent-file.shared";
import { importAgent } from "@/lib/agents/import-agent";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * Imports an agent file (docs/agent-file.md): its tools, the agents it calls and the agent. Each
   * tool source analysed spends the caller's analysis budget.
   */
  POST: defineRoute(
    agentsApi.importAgent,
    { access: ["author"], maxBodyBytes: MAX_AGENT_FILE_BYTES },
    async ({ body, query, principal, db, server }) =>
      importAgent(db, body, {
        actor: principal,
        exact: query.exact === "true",
        analyze: (source) => server.limits.analysis.run(principal, () => server.analyser.analyze(source)),
      }),
  ),
});
