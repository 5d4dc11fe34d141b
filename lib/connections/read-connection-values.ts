/**
 * The runtime's read of connections (server-side only): plain values as stored and secret values
 * opened with the studio's keyring, for the tools that declare them (`ctx.connections.<name>`).
 * The values read here are the ones the runtime redacts from what viewers, traces, events and the
 * model see (docs/connections.md, "Trust model").
 */
import { loadSecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import { openFieldValue, sealedOf, type Keys } from "./connection-secrets";

export interface ConnectionValues {
  name: string;
  /** Every field has a value (what `{connection: name}` availability asks). */
  complete: boolean;
  /** Plain fields that have a value, by field name. */
  plain: Record<string, string>;
  /** Secret fields that have a value, opened, by field name. */
  secrets: Record<string, string>;
}

/**
 * The connections of the current workspace, by name — only `names` when given (unknown names are
 * absent from the map). A secret that does not open throws `ConnectionSecretError` naming the
 * connection and field (never a value). The keyring is loaded only when a secret is read.
 */
export async function readConnectionValues(
  db: Db,
  names?: readonly string[],
  keys: () => Keys = loadSecretKeyring,
): Promise<Map<string, ConnectionValues>> {
  const out = new Map<string, ConnectionValues>();
  if (names && names.length === 0) return out;
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.connection.findMany({
    where: { workspaceId, ...(names ? { name: { in: [...names] } } : {}) },
    include: { fields: { orderBy: { name: "asc" } } },
    orderBy: { name: "asc" },
  });
  let key: Keys | undefined;
  for (const row of rows) {
    const values: ConnectionValues = { name: row.name, complete: true, plain: {}, secrets: {} };
    for (const f of row.fields) {
      if (!f.secret) {
        if (f.value === null) values.complete = false;
        else values.plain[f.name] = f.value;
        continue;
      }
      const sealed = sealedOf(f);
      if (!sealed) {
        values.complete = false;
        continue;
      }
      values.secrets[f.name] = openFieldValue((key ??= keys()), row.name, f.name, sealed);
    }
    out.set(row.name, values);
  }
  return out;
}
