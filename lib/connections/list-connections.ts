/**
 * Connections as answered (./connection-views.shared.ts): names, descriptions, fields with their
 * set flags and change dates. Plain values are shown to admins and authors (who write the tools
 * that read them); secret values to nobody. Any signed-in role may list (docs/connections.md).
 */
import { hasAnyRole, type Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import { NotFoundError } from "../errors";
import type { ConnectionFieldView, ConnectionView } from "./connection-views.shared";

/** Who sees what: `values` (admin, author) adds plain fields' values; `names` shows set flags only. */
export type ConnectionAudience = "values" | "names";

export function connectionAudience(principal: Principal): ConnectionAudience {
  return hasAnyRole(principal, ["author"]) ? "values" : "names";
}

export const FIELDS_INCLUDE = { fields: { orderBy: { name: "asc" as const } } };

export interface ConnectionRow {
  id: string;
  name: string;
  description: string;
  fields: Array<{
    name: string;
    secret: boolean;
    value: string | null;
    ciphertext: string | null;
    updatedAt: Date;
  }>;
}

export function toConnectionView(row: ConnectionRow, audience: ConnectionAudience): ConnectionView {
  return {
    name: row.name,
    description: row.description,
    fields: row.fields.map((f): ConnectionFieldView => {
      const updatedAt = f.updatedAt.toISOString();
      if (f.secret) return { name: f.name, secret: true, set: f.ciphertext !== null, updatedAt };
      return {
        name: f.name,
        secret: false,
        set: f.value !== null,
        ...(audience === "values" && f.value !== null ? { value: f.value } : {}),
        updatedAt,
      };
    }),
  };
}

export async function listConnections(db: Db, audience: ConnectionAudience): Promise<ConnectionView[]> {
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.connection.findMany({
    where: { workspaceId },
    include: FIELDS_INCLUDE,
    orderBy: { name: "asc" },
  });
  return rows.map((r) => toConnectionView(r, audience));
}

/** The connection's row with its fields, or 404. */
export async function requireConnectionRow(db: Db, name: string) {
  const workspaceId = await currentWorkspaceId(db);
  const row = await db.connection.findUnique({
    where: { workspaceId_name: { workspaceId, name } },
    include: FIELDS_INCLUDE,
  });
  if (!row) throw new NotFoundError(`No connection named '${name}'.`, { name });
  return row;
}

export async function getConnection(db: Db, name: string, audience: ConnectionAudience): Promise<ConnectionView> {
  return toConnectionView(await requireConnectionRow(db, name), audience);
}
