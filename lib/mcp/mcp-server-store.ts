/**
 * MCP servers as stored (McpServer + McpTool rows): added, listed, changed and removed by admins.
 * Request headers are sealed with the studio's secret box (lib/auth/secret-box.ts), like provider
 * keys; only their names are ever shown. Servers from the operator's config file are listed
 * beside them (mcp-config-sync.ts) and cannot be changed here.
 */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import { loadSecretKeyring, type SecretKey, type SecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { jsonColumn, readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { ConflictError, NotFoundError } from "../errors";
import { syncConfigServers, type StdioCommand } from "./mcp-config-sync";
import { checkMcpUrl } from "./mcp-url-policy";
import type { McpServerInput, McpServerPatch } from "./mcp-server-input.shared";
import { redactUrl, toMcpToolView, type McpServerView, type McpViewAudience } from "./mcp-server-view";

const INCLUDE = {
  tools: { orderBy: { name: "asc" as const } },
  agentLinks: { include: { agent: { select: { id: true, name: true } } } },
};

type ServerRow = NonNullable<Awaited<ReturnType<typeof findServer>>>;

function findServer(db: Db, id: string) {
  return db.mcpServer.findUnique({ where: { id }, include: INCLUDE });
}

/**
 * A server as `audience` may see it: admins get the URL and a stdio server's arguments as
 * configured; other roles the URL's origin and path and the program alone (lastError too has the
 * URL redacted). Header and env values are never part of a view.
 */
export function toServerView(row: ServerRow, stdio: StdioCommand | null, audience: McpViewAudience): McpServerView {
  const usedBy = new Map(row.agentLinks.map((l) => [l.agent.id, { agentId: l.agent.id, name: l.agent.name }]));
  const admin = audience === "admin";
  const url = row.url === null || admin ? row.url : redactUrl(row.url);
  const lastError =
    row.lastError !== null && row.url !== null && !admin
      ? row.lastError.split(row.url).join(url ?? "(the server's URL)")
      : row.lastError;
  return {
    id: row.id,
    name: row.name,
    transport: row.transport as McpServerView["transport"],
    source: row.source as McpServerView["source"],
    url,
    command: stdio?.command ?? null,
    args: stdio && admin ? stdio.args : null,
    headerNames: readJsonColumn<string[]>(row.headerNames) ?? [],
    status: row.status as McpServerView["status"],
    lastError,
    refreshedAt: row.refreshedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tools: row.tools.map(toMcpToolView),
    usedBy: [...usedBy.values()],
  };
}

/** What the headers are sealed to (AES-GCM associated data): a sealed value only opens as MCP headers. */
export const MCP_HEADERS_AAD = "mcp:headers";

export function sealHeaders(headers: Record<string, string>, key: SecretKey | SecretKeyring) {
  const names = Object.keys(headers).sort();
  if (names.length === 0)
    return {
      headerNames: jsonColumn([]),
      headersCiphertext: null,
      headersIv: null,
      headersAuthTag: null,
      headersKeyId: null,
    };
  const sealed = key.seal(JSON.stringify(headers), MCP_HEADERS_AAD);
  return {
    headerNames: jsonColumn(names),
    headersCiphertext: sealed.ciphertext,
    headersIv: sealed.iv,
    headersAuthTag: sealed.authTag,
    headersKeyId: sealed.keyId,
  };
}

/** The stored headers of a settings server, decrypted (server-side only). */
export function openHeaders(
  row: {
    headersCiphertext: string | null;
    headersIv: string | null;
    headersAuthTag: string | null;
    headersKeyId: string | null;
  },
  key: SecretKey | SecretKeyring = loadSecretKeyring(),
): Record<string, string> {
  if (!row.headersCiphertext || !row.headersIv || !row.headersAuthTag || !row.headersKeyId) return {};
  return JSON.parse(
    key.open(
      {
        ciphertext: row.headersCiphertext,
        iv: row.headersIv,
        authTag: row.headersAuthTag,
        keyId: row.headersKeyId,
      },
      MCP_HEADERS_AAD,
    ),
  ) as Record<string, string>;
}

export async function listMcpServers(db: Db, audience: McpViewAudience): Promise<McpServerView[]> {
  const workspaceId = await currentWorkspaceId(db);
  const commands = await syncConfigServers(db, workspaceId);
  const rows = await db.mcpServer.findMany({ where: { workspaceId }, include: INCLUDE, orderBy: { name: "asc" } });
  return rows.map((r) => toServerView(r, commands.get(r.name) ?? null, audience));
}

/** The server row (with tools and users), or 404. */
export async function requireMcpServerRow(db: Db, id: string): Promise<ServerRow> {
  const row = await findServer(db, id);
  if (!row) throw new NotFoundError(`No MCP server with id '${id}'.`);
  return row;
}

export async function getMcpServer(db: Db, id: string, audience: McpViewAudience): Promise<McpServerView> {
  const workspaceId = await currentWorkspaceId(db);
  const commands = await syncConfigServers(db, workspaceId);
  const row = await requireMcpServerRow(db, id);
  return toServerView(row, commands.get(row.name) ?? null, audience);
}

async function assertNameFree(db: Db, workspaceId: string, name: string, selfId: string | null) {
  const clash = await db.mcpServer.findFirst({
    where: { workspaceId, name, ...(selfId ? { NOT: { id: selfId } } : {}) },
  });
  if (clash) throw new ConflictError(`An MCP server named '${name}' already exists.`, { name });
}

export async function createMcpServer(
  db: Db,
  actor: Principal,
  input: McpServerInput,
  key: SecretKey | SecretKeyring = loadSecretKeyring(),
): Promise<string> {
  await checkMcpUrl(input.url);
  const workspaceId = await currentWorkspaceId(db);
  await syncConfigServers(db, workspaceId);
  await assertNameFree(db, workspaceId, input.name, null);
  const row = await db.mcpServer.create({
    data: {
      workspaceId,
      name: input.name,
      transport: input.transport,
      source: "settings",
      url: input.url,
      ...sealHeaders(input.headers, key),
      createdById: actor.id,
    },
  });
  await recordAudit(db, {
    actor,
    action: "mcp.server_add",
    target: row.id,
    details: { name: input.name, transport: input.transport, url: input.url, headers: Object.keys(input.headers) },
  });
  return row.id;
}

function assertEditable(row: { source: string; name: string }) {
  if (row.source === "config")
    throw new ConflictError(
      `MCP server '${row.name}' comes from the operator's ATELIER_MCP_CONFIG file; change it there.`,
      { source: "config" },
    );
}

export async function updateMcpServer(
  db: Db,
  actor: Principal,
  id: string,
  patch: McpServerPatch,
  key: SecretKey | SecretKeyring = loadSecretKeyring(),
): Promise<{ connectionChanged: boolean }> {
  const row = await requireMcpServerRow(db, id);
  assertEditable(row);
  if (patch.url !== undefined) await checkMcpUrl(patch.url);
  if (patch.name !== undefined) await assertNameFree(db, row.workspaceId, patch.name, row.id);
  await db.mcpServer.update({
    where: { id },
    data: {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.transport !== undefined ? { transport: patch.transport } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.headers !== undefined ? sealHeaders(patch.headers, key) : {}),
    },
  });
  await recordAudit(db, {
    actor,
    action: "mcp.server_update",
    target: id,
    details: {
      fields: Object.keys(patch),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.transport !== undefined ? { transport: patch.transport } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      // Header names only: values are never written to the audit log.
      ...(patch.headers ? { headers: Object.keys(patch.headers) } : {}),
    },
  });
  return { connectionChanged: patch.url !== undefined || patch.transport !== undefined || patch.headers !== undefined };
}

export async function deleteMcpServer(db: Db, actor: Principal, id: string): Promise<void> {
  const row = await requireMcpServerRow(db, id);
  assertEditable(row);
  const users = toServerView(row, null, "admin").usedBy;
  if (users.length)
    throw new ConflictError(
      `MCP server '${row.name}' is used by ${users.map((u) => `'${u.name}'`).join(", ")}; remove its tools from those agents first.`,
      { usedBy: users },
    );
  await db.mcpServer.delete({ where: { id } });
  await recordAudit(db, { actor, action: "mcp.server_remove", target: id, details: { name: row.name } });
}
