import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { McpServerPatch } from "@/lib/mcp/mcp-server-input";
import { changeMcpServer } from "@/lib/mcp/add-mcp-server";
import { deleteMcpServer, getMcpServer } from "@/lib/mcp/mcp-server-store";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, params: Params }, async ({ params, db }) => ({
    server: await getMcpServer(db, params.id),
  })),
  /** Changes a Settings server; a new URL, transport or headers re-discovers its tools. */
  PUT: defineRoute(
    { access: ["admin"], params: Params, body: McpServerPatch },
    async ({ params, body, principal, db }) => ({
      server: await changeMcpServer(db, principal, params.id, body),
    }),
  ),
  /** Removes a Settings server no agent uses (409 naming the agents otherwise). */
  DELETE: defineRoute({ access: ["admin"], params: Params }, async ({ params, principal, db }) => {
    await deleteMcpServer(db, principal, params.id);
    return { deleted: params.id };
  }),
});
