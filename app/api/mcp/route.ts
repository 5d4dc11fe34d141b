import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { handleMcpRequest } from "@/lib/mcp/serve/mcp-endpoint";

export const dynamic = "force-dynamic";

/**
 * The studio's MCP endpoint (streamable HTTP, stateless): `Authorization: Bearer <API token>`.
 * Any role lists the served tools; calling one needs operator or author (see docs/mcp.md).
 */
const serve = defineRoute({ access: ANY_ROLE }, async ({ req, db, principal }) => handleMcpRequest(req, db, principal));

// Stateless: no session stream to GET and no session to DELETE, so only POST is served (405 otherwise).
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: serve });
