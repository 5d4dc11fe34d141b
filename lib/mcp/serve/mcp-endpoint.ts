/**
 * The studio as an MCP server (`/api/mcp`): streamable HTTP in stateless mode with the SDK's
 * web-standard transport — a fresh server and transport per request, JSON answers. The caller is
 * the API token's principal (the route authenticates): any role may list; calling needs the
 * operator or author role (as a test run does), runs in the sandbox, and is audited, refused
 * calls included. Argument errors and tool failures are MCP tool errors (`isError: true`).
 *
 * Agents are served too, as `ask_<name>` (served-agents.ts), when the caller passes `ask` (the run
 * engine, which lib/mcp does not import): asking needs the operator role, as running a
 * conversation does, each call is a new conversation in the studio, and one request asks at most
 * `ATELIER_MCP_ASK_MAX` times.
 *
 * Tools run in the sandbox as the token's principal (its share of the pool), and a request is one
 * JSON-RPC message: a batch (removed from the protocol in 2025-06-18) is refused whole with one
 * JSON-RPC error, so no request fans out into many calls.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { recordAudit } from "../../auth/audit-log";
import { hasAnyRole, type Principal } from "../../auth/roles";
import type { Db } from "../../db/client";
import type { InvokeOutcome, InvokeToolRequest } from "../../sandbox/invoke-tool";
import type { AgentAnswer } from "../../runs/use-cases/ask-agent";
import { mcpAskMax } from "../mcp-limits";
import { readConnectionValues, type ConnectionValues } from "../../connections/read-connection-values";
import { createRedactor } from "../../sandbox/redact-secrets";
import { grantConnections, missingConnectionsMessage } from "../../sandbox/connection-grant";
import { isAvailable } from "../../tools/availability.shared";
import { listServedAgents, type ServedAgent } from "./served-agents";
import { listServedTools, type ServedTool } from "./served-tools";

export const SERVED_SERVER_INFO = { name: "atelier", version: "0.1.0" };
export const CALL_ROLES = ["operator", "author"] as const;
export const ASK_ROLES = ["operator"] as const;

export interface EndpointDeps {
  /** Runs a served tool in the process's sandbox pool (the runtime's `invokeSandbox`), as `owner`. */
  invoke: (request: Omit<InvokeToolRequest, "pool">) => Promise<InvokeOutcome>;
  /** Runs one turn of an agent for the caller (lib/runs/use-cases/ask-agent.ts); without it no agent is served. */
  ask?: (agentId: string, task: string, principal: Principal) => Promise<AgentAnswer>;
  /** The JSON-RPC body when the caller already read it (the route bounds its size). */
  parsedBody?: unknown;
}

export function toMcpTool(t: ServedTool): Tool {
  return {
    name: t.schema.name,
    description: t.schema.description,
    inputSchema: t.schema.parameters as Tool["inputSchema"],
    annotations: { readOnlyHint: !t.tool.sideEffecting, idempotentHint: t.tool.idempotent },
  };
}

function agentTool(a: ServedAgent): Tool {
  return {
    name: a.schema.name,
    description: a.schema.description,
    inputSchema: a.schema.parameters as Tool["inputSchema"],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  };
}

function answerResult(name: string, a: AgentAnswer): CallToolResult {
  const where = { conversationId: a.conversationId, runId: a.runId };
  if (a.status === "completed" && a.text !== null)
    return { content: [{ type: "text", text: a.text }], structuredContent: { answer: a.text, ...where } };
  if (a.status === "suspended") {
    const held = a.pendingApprovals.map((p) => `${p.toolName} (${p.id})`).join(", ");
    return toolError(
      `Agent '${name}' is waiting for an approval of ${held || "a call"} in conversation ${a.conversationId}; an approver decides it in the studio's approval inbox, and the conversation goes on there.`,
    );
  }
  const why = a.error ? `${a.error.type}: ${a.error.message}` : `the run ended ${a.status} without an answer`;
  return toolError(`Agent '${name}' did not answer (conversation ${a.conversationId}): ${why}`);
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

function outcomeResult(outcome: InvokeOutcome): CallToolResult {
  if (!outcome.ok) {
    const e = outcome.error as { type: string; message: string };
    return toolError(`${e.type}: ${e.message}`);
  }
  const text = typeof outcome.result === "string" ? outcome.result : JSON.stringify(outcome.result ?? null);
  const structured =
    outcome.result !== null && typeof outcome.result === "object" && !Array.isArray(outcome.result)
      ? { structuredContent: outcome.result as Record<string, unknown> }
      : {};
  return { content: [{ type: "text", text }], ...structured };
}

export function createStudioMcpServer(db: Db, principal: Principal, deps: EndpointDeps): Server {
  const server = new Server(SERVED_SERVER_INFO, { capabilities: { tools: {} } });
  // One server per request: this counts the request's asks.
  let asks = 0;
  // Availability holds for the token's principal with an empty context (docs/connections.md).
  let connections: Promise<Map<string, ConnectionValues>> | null = null;
  const served = async () => {
    const values = await (connections ??= readConnectionValues(db));
    const env = {
      connections: new Set([...values.values()].filter((c) => c.complete).map((c) => c.name)),
      roles: principal.roles,
      context: {},
    };
    const tools = (await listServedTools(db)).filter((t) => isAvailable(t.tool.availableWhen ?? null, env));
    const agents = deps.ask ? await listServedAgents(db, new Set(tools.map((t) => t.schema.name))) : [];
    return { tools, agents, values };
  };
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const { tools, agents } = await served();
    const all = [...tools.map(toMcpTool), ...agents.map(agentTool)];
    return { tools: all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const audit = (details: Record<string, unknown>) =>
      recordAudit(db, { actor: principal, action: "mcp.tool_call", target: name, details: { via: "mcp", ...details } });
    const { tools, agents, values } = await served();
    const agent = agents.find((a) => a.schema.name === name);
    if (agent && deps.ask) return askAgentCall(agent, args, deps.ask);
    if (!hasAnyRole(principal, CALL_ROLES)) {
      await audit({ ok: false, refused: "role" });
      return toolError(`Calling tools needs one of the roles: ${CALL_ROLES.join(", ")}.`);
    }
    const tool = tools.find((t) => t.schema.name === name);
    if (!tool) {
      await audit({ ok: false, refused: "unknown_tool" });
      return toolError(`No tool named '${name}' is served here (tools that require approval are not served).`);
    }
    // The declared connections, each with every field set; their secrets never leave the call.
    const grant = grantConnections(tool.tool.connections ?? [], values);
    if (!grant.ok) {
      await audit({ ok: false, refused: "connection" });
      return toolError(missingConnectionsMessage(name, grant.missing));
    }
    const outcome = createRedactor(grant.secrets).outcome(
      await deps.invoke({
        tool: tool.tool,
        source: tool.source,
        arguments: args ?? {},
        owner: principal.id,
        context: {
          connections: grant.connections,
          values: {},
          user: { id: principal.id, roles: [...principal.roles] },
        },
      }),
    );
    await audit({
      ok: outcome.ok,
      toolId: tool.toolId,
      version: tool.version,
      durationMs: outcome.durationMs,
      ...(outcome.ok ? {} : { error: (outcome.error as { type: string }).type }),
    });
    return outcomeResult(outcome);
  });

  const askAgentCall = async (
    agent: ServedAgent,
    args: Record<string, unknown> | undefined,
    ask: NonNullable<EndpointDeps["ask"]>,
  ): Promise<CallToolResult> => {
    const audit = (details: Record<string, unknown>) =>
      recordAudit(db, {
        actor: principal,
        action: "mcp.tool_call",
        target: agent.schema.name,
        details: { via: "mcp", agentId: agent.agentId, ...details },
      });
    if (!hasAnyRole(principal, ASK_ROLES)) {
      await audit({ ok: false, refused: "role" });
      return toolError(`Asking an agent runs a conversation, which needs the role: ${ASK_ROLES.join(", ")}.`);
    }
    let askMax: number;
    try {
      askMax = mcpAskMax();
    } catch (err) {
      await audit({ ok: false, refused: "setting" });
      return toolError(`Asking agents is not available: ${(err as Error).message}`);
    }
    if (asks >= askMax) {
      await audit({ ok: false, refused: "ask_limit" });
      return toolError(
        `One MCP request may ask agents ${askMax} time${askMax === 1 ? "" : "s"} (ATELIER_MCP_ASK_MAX); send each ask in a request of its own.`,
      );
    }
    asks++;
    const task = args?.task;
    const extra = Object.keys(args ?? {}).filter((k) => k !== "task");
    if (typeof task !== "string" || !task.trim() || extra.length) {
      await audit({ ok: false, refused: "arguments" });
      return toolError(
        `${agent.schema.name} takes one argument: task (a non-empty string)${extra.length ? `; unexpected: ${extra.join(", ")}` : ""}.`,
      );
    }
    let answer: AgentAnswer;
    try {
      answer = await ask(agent.agentId, task, principal);
    } catch (err) {
      // Refused before it ran (a spent agent, one that cannot run): said as the API would say it.
      const e = err instanceof Error ? err : new Error(String(err));
      await audit({ ok: false, refused: e.name });
      return toolError(`Agent '${agent.name}' did not run: ${e.name}: ${e.message}`);
    }
    await audit({
      ok: answer.status === "completed",
      conversationId: answer.conversationId,
      runId: answer.runId,
      status: answer.status,
    });
    return answerResult(agent.name, answer);
  };
  return server;
}

/** JSON-RPC's "Invalid Request". */
const INVALID_REQUEST = -32600;

/** The one answer to a JSON-RPC batch: refused whole, nothing in it runs. */
export function batchRefused(): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: INVALID_REQUEST,
        message:
          "JSON-RPC batches are not accepted (MCP removed batching in protocol version 2025-06-18); send one request per POST.",
      },
    },
    { status: 400 },
  );
}

/** Answers one POST to `/api/mcp` (JSON-RPC in, JSON out). */
export async function handleMcpRequest(req: Request, db: Db, principal: Principal, deps: EndpointDeps) {
  if (Array.isArray(deps.parsedBody)) return batchRefused();
  const server = createStudioMcpServer(db, principal, deps);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req, deps.parsedBody === undefined ? {} : { parsedBody: deps.parsedBody });
  } finally {
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
}
