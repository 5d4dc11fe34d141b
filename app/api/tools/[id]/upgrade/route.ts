import { toolsApi } from "@/lib/api/contracts/tools.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { upgradeAgentTool } from "@/lib/agents/upgrade-agent-tool";
import { BadRequestError, ConflictError } from "@/lib/errors";
import { getTool } from "@/lib/tool-store/read-tool";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * Saves each named agent as a new version pinning the tool's newest runnable version (authors, as
   * for any agent save). An agent that does not use the tool in its latest version is a 400; a tool without a runnable version a 409.
   */
  POST: defineRoute(toolsApi.upgrade, { access: ["author"] }, async ({ params, body, principal, db }) => {
    const tool = await getTool(db, params.id);
    const users = new Set(tool.usedBy.filter((u) => u.pin !== null).map((u) => u.agentId));
    const strangers = [...new Set(body.agentIds)].filter((id) => !users.has(id));
    if (strangers.length)
      throw new BadRequestError(
        `The latest version of ${strangers.length === 1 ? "agent" : "agents"} ${strangers.map((s) => `'${s}'`).join(", ")} does not use the tool '${tool.name}'.`,
      );
    if (tool.runnableVersion === null)
      throw new ConflictError(`Tool '${tool.name}' has no version without definition errors to upgrade to.`);
    const upgrades = [];
    for (const agentId of new Set(body.agentIds))
      upgrades.push(await upgradeAgentTool(db, agentId, params.id, { id: principal.id, name: principal.name }));
    return { upgrades };
  }),
});
