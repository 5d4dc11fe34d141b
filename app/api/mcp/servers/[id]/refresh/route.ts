import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { refreshMcpServer } from "@/lib/mcp/mcp-refresh";
import { getMcpServer } from "@/lib/mcp/mcp-server-store";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * Re-discovers the server's tools now. A server that does not answer: 502 mcp_server_unavailable,
   * and its cached tools stay as they were (status "error").
   */
  POST: defineRoute({ access: ["admin"], params: z.object({ id: z.string().min(1) }) }, async ({ params, db }) => {
    await refreshMcpServer(db, params.id);
    return { server: await getMcpServer(db, params.id) };
  }),
});
