import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { handleMcpRequest } from "@/lib/mcp/serve/mcp-endpoint";
import { askAgent } from "@/lib/runs/use-cases/ask-agent";
import { spend } from "@/lib/runs/use-cases/turn-limits";

export const dynamic = "force-dynamic";

/**
 * The studio's MCP endpoint (streamable HTTP, stateless): `Authorization: Bearer <API token>`.
 * Any role lists the served tools and agents; calling a tool needs operator or author, asking an
 * agent (a new conversation) needs operator (see docs/mcp.md). One JSON-RPC message per request: a
 * batch is refused whole with one JSON-RPC error; tools run as the token's principal (its share of
 * the sandbox pool); asks per request are capped by ATELIER_MCP_ASK_MAX (lib/mcp/serve/mcp-endpoint.ts).
 */
const serve = defineRoute(
  // The JSON-RPC body is read here, bounded like every route's, and handed to the transport parsed.
  { access: ANY_ROLE, body: z.unknown(), maxBodyBytes: 1024 * 1024 },
  async ({ req, body, db, principal, server }) =>
    handleMcpRequest(req, db, principal, {
      parsedBody: body,
      invoke: server.runtime.deps.invokeSandbox,
      // An ask is a new conversation and a message: it spends the caller's allowances of both and
      // holds one of its running-turn slots (lib/runs/use-cases/turn-limits.ts), like the conversation API.
      ask: async (agentId, task, caller) => {
        spend(server.limits.conversations, caller);
        spend(server.limits.messages, caller);
        return askAgent(await server.ready(), {
          agentId,
          task,
          actor: { id: caller.id, name: caller.name, roles: caller.roles, apiTokenId: caller.tokenId ?? null },
          turns: server.limits.turns,
        });
      },
    }),
);

// Stateless: no session stream to GET and no session to DELETE, so only POST is served (405 otherwise).
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: serve });
