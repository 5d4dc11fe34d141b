/**
 * The audit log as people read it: newest first, filtered by actor, action and days, a page at a
 * time — and readable. An entry stores ids and names as they were when it was written
 * (`actorId`, `actor`, `target`); reading resolves them to what they are now:
 *
 * - the actor: the user's current name (the written name when the user is gone), the token they
 *   acted through (`details.actorTokenId`, written since tokens are recorded), the admin token;
 * - the target, by its form: `agent:<name>`, `conversation:<id>`, `approval:<id>`, a user's or a
 *   token's id, an MCP server's id, a tool's, connection's or agent's name — with a link while the
 *   thing still exists. Anything else is shown as written.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/sqlite/client";
import { readJsonColumn } from "../db/json-column";
import { ANONYMOUS_ACTOR, auditEndOf, auditStartOf, type AuditPage, type AuditQuery } from "./audit-list.shared";
import type { AuditEntry } from "./audit-log.shared";

/** The admin token's actor id (ADMIN_TOKEN_PRINCIPAL) and how it is shown. */
const SYSTEM_ID = "system";
const SYSTEM_LABEL = "admin token (ATELIER_ADMIN_TOKEN)";

type Row = Awaited<ReturnType<Db["auditLog"]["findMany"]>>[number];
type Target = { label: string; href: string | null };

const enc = encodeURIComponent;

export function auditWhere(query: Pick<AuditQuery, "actor" | "action" | "from" | "to">): Prisma.AuditLogWhereInput {
  const where: Prisma.AuditLogWhereInput = {};
  if (query.actor) where.actorId = query.actor === ANONYMOUS_ACTOR ? null : query.actor;
  if (query.action) where.action = query.action.endsWith(".") ? { startsWith: query.action } : query.action;
  if (query.from || query.to)
    where.createdAt = {
      ...(query.from ? { gte: auditStartOf(query.from) } : {}),
      ...(query.to ? { lte: auditEndOf(query.to) } : {}),
    };
  return where;
}

/** The kind of thing an action's target names, when it is an id or a name of ours. */
function targetKind(action: string, target: string): string | null {
  const prefixed = /^(agent|conversation|approval):/.exec(target);
  if (prefixed) return prefixed[1]!;
  if (action === "auth.sign_in_failed" || action.startsWith("secret.")) return null;
  if (action.startsWith("auth.") || action.startsWith("user.")) return "user";
  if (action.startsWith("token.")) return "token";
  if (action.startsWith("connection.")) return "connection";
  if (action.startsWith("mcp.server_")) return "mcp-server";
  if (action === "mcp.tool_call") return "agent-name";
  if (action === "tool.call" || action === "tool.test_run") return "tool-name";
  return null;
}

/** Every target of the page resolved in one read per kind. */
async function resolveTargets(db: Db, rows: Row[]): Promise<Map<string, Target>> {
  const wanted = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!r.target) continue;
    const kind = targetKind(r.action, r.target);
    if (!kind) continue;
    const key =
      kind === "agent" || kind === "conversation" || kind === "approval" ? r.target.slice(kind.length + 1) : r.target;
    (wanted.get(kind) ?? wanted.set(kind, new Set()).get(kind)!).add(key);
  }
  const list = (kind: string) => [...(wanted.get(kind) ?? [])];
  const agentNames = [...list("agent"), ...list("agent-name")];
  const [agents, conversations, approvals, users, tokens, connections, servers, tools] = await Promise.all([
    agentNames.length
      ? db.agent.findMany({ where: { name: { in: agentNames } }, select: { id: true, name: true } })
      : [],
    list("conversation").length
      ? db.conversation.findMany({
          where: { id: { in: list("conversation") } },
          select: { id: true, title: true, deletedAt: true },
        })
      : [],
    list("approval").length
      ? db.approval.findMany({
          where: { id: { in: list("approval") } },
          select: { id: true, toolName: true, runId: true },
        })
      : [],
    list("user").length
      ? db.user.findMany({ where: { id: { in: list("user") } }, select: { id: true, name: true } })
      : [],
    list("token").length
      ? db.apiToken.findMany({ where: { id: { in: list("token") } }, select: { id: true, name: true } })
      : [],
    list("connection").length
      ? db.connection.findMany({ where: { name: { in: list("connection") } }, select: { name: true } })
      : [],
    list("mcp-server").length
      ? db.mcpServer.findMany({ where: { id: { in: list("mcp-server") } }, select: { id: true, name: true } })
      : [],
    list("tool-name").length
      ? db.tool.findMany({ where: { name: { in: list("tool-name") } }, select: { id: true, name: true } })
      : [],
  ]);
  const out = new Map<string, Target>();
  const agentByName = new Map(agents.map((a) => [a.name, a.id]));
  for (const name of list("agent")) {
    const id = agentByName.get(name);
    out.set(`agent:${name}`, { label: `agent ${name}`, href: id ? `/agents/${enc(id)}` : null });
  }
  for (const name of list("agent-name")) {
    const id = agentByName.get(name);
    out.set(`agent-name:${name}`, { label: `agent ${name}`, href: id ? `/agents/${enc(id)}` : null });
  }
  const conversationById = new Map(conversations.map((c) => [c.id, c]));
  for (const id of list("conversation")) {
    const c = conversationById.get(id);
    out.set(`conversation:${id}`, {
      label: c
        ? `conversation “${c.title ?? "Untitled"}”${c.deletedAt ? " (deleted)" : ""}`
        : "a conversation since removed",
      href: c && !c.deletedAt ? `/conversations/${enc(id)}` : null,
    });
  }
  const approvalById = new Map(approvals.map((a) => [a.id, a]));
  for (const id of list("approval")) {
    const a = approvalById.get(id);
    out.set(`approval:${id}`, {
      label: a ? `approval of ${a.toolName}` : "an approval since removed",
      href: a ? `/runs/${enc(a.runId)}` : null,
    });
  }
  const userById = new Map(users.map((u) => [u.id, u.name]));
  for (const id of list("user"))
    out.set(`user:${id}`, {
      label: userById.has(id) ? `user ${userById.get(id)}` : "a user since removed",
      href: null,
    });
  const tokenById = new Map(tokens.map((t) => [t.id, t.name]));
  for (const id of list("token"))
    out.set(`token:${id}`, {
      label: tokenById.has(id) ? `token “${tokenById.get(id)}”` : "a token since removed",
      href: tokenById.has(id) ? "/settings/tokens" : null,
    });
  const connectionNames = new Set(connections.map((c) => c.name));
  for (const name of list("connection"))
    out.set(`connection:${name}`, {
      label: `connection ${name}`,
      href: connectionNames.has(name) ? "/settings/connections" : null,
    });
  const serverById = new Map(servers.map((s) => [s.id, s.name]));
  for (const id of list("mcp-server"))
    out.set(`mcp-server:${id}`, {
      label: serverById.has(id) ? `MCP server ${serverById.get(id)}` : "an MCP server since removed",
      href: serverById.has(id) ? "/settings/mcp" : null,
    });
  const toolByName = new Map(tools.map((t) => [t.name, t.id]));
  for (const name of list("tool-name")) {
    const id = toolByName.get(name);
    out.set(`tool-name:${name}`, { label: `tool ${name}`, href: id ? `/tools/${enc(id)}` : null });
  }
  return out;
}

function targetOf(resolved: Map<string, Target>, r: Row): Target | null {
  if (!r.target) return null;
  const kind = targetKind(r.action, r.target);
  const key =
    kind === null || kind === "agent" || kind === "conversation" || kind === "approval"
      ? r.target
      : `${kind}:${r.target}`;
  return resolved.get(key) ?? { label: r.target, href: null };
}

/** The actors' labels, by actor id (users by their current name, tokens by theirs). */
async function actorLabels(db: Db, rows: Array<Pick<Row, "actorId" | "actor" | "details">>) {
  const userIds = [...new Set(rows.flatMap((r) => (r.actorId && r.actorId !== SYSTEM_ID ? [r.actorId] : [])))];
  const tokenIds = [...new Set(rows.flatMap((r) => tokenIdOf(r) ?? []))];
  const [users, tokens] = await Promise.all([
    userIds.length ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [],
    tokenIds.length ? db.apiToken.findMany({ where: { id: { in: tokenIds } }, select: { id: true, name: true } }) : [],
  ]);
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const tokenName = new Map(tokens.map((t) => [t.id, t.name]));
  return (r: Pick<Row, "actorId" | "actor" | "details">): string => {
    if (r.actorId === SYSTEM_ID) return SYSTEM_LABEL;
    const who = (r.actorId ? userName.get(r.actorId) : undefined) ?? r.actor ?? ANONYMOUS_ACTOR;
    const token = tokenIdOf(r);
    if (!token) return who;
    return `${who} (token “${tokenName.get(token) ?? "since revoked and removed"}”)`;
  };
}

function tokenIdOf(r: Pick<Row, "details">): string | null {
  const id = readJsonColumn<Record<string, unknown> | null>(r.details)?.actorTokenId;
  return typeof id === "string" ? id : null;
}

export async function listAuditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  const where = auditWhere(query);
  const [total, rows, actorRows, actionRows] = await Promise.all([
    db.auditLog.count({ where }),
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }),
    db.auditLog.groupBy({ by: ["actorId", "actor"] }),
    db.auditLog.groupBy({ by: ["action"], orderBy: { action: "asc" } }),
  ]);
  const [label, targets] = await Promise.all([
    actorLabels(db, [...rows, ...actorRows.map((a) => ({ ...a, details: null }))]),
    resolveTargets(db, rows),
  ]);
  const entries: AuditEntry[] = rows.map((r) => {
    const target = targetOf(targets, r);
    return {
      id: r.id,
      actor: r.actor,
      action: r.action,
      target: r.target,
      actorLabel: label(r),
      targetLabel: target?.label ?? null,
      targetHref: target?.href ?? null,
      details: readJsonColumn<Record<string, unknown> | null>(r.details),
      createdAt: r.createdAt.toISOString(),
    };
  });
  // One filter entry per actor id (a user renamed since is one person), named as they are now.
  const actors = new Map<string, string>();
  for (const a of actorRows) {
    const id = a.actorId ?? ANONYMOUS_ACTOR;
    if (!actors.has(id)) actors.set(id, label({ ...a, details: null }));
  }
  return {
    entries,
    total,
    page: query.page,
    limit: query.limit,
    actors: [...actors].map(([id, l]) => ({ id, label: l })).sort((a, b) => a.label.localeCompare(b.label)),
    actions: actionRows.map((a) => a.action),
  };
}
