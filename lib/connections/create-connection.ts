/**
 * Creating a connection (admin): its fields stored with plain values as they are and secret
 * values sealed (./connection-secrets.ts); audited with the fields' names, never their values.
 */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import { loadSecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import { ConflictError } from "../errors";
import { NO_SEALED_VALUE, sealFieldValue, type Keys, type SealedColumns } from "./connection-secrets";
import type { ConnectionFieldInput, ConnectionInput, ConnectionView } from "./connection-views.shared";
import { FIELDS_INCLUDE, toConnectionView } from "./list-connections";

/** The stored columns of a field given its value (null: unset). */
export function fieldColumns(
  key: Keys,
  connection: string,
  field: Pick<ConnectionFieldInput, "name" | "secret">,
  value: string | null,
): { value: string | null } & SealedColumns {
  if (!field.secret) return { value, ...NO_SEALED_VALUE };
  return { value: null, ...(value === null ? NO_SEALED_VALUE : sealFieldValue(key, connection, field.name, value)) };
}

export async function createConnection(
  db: Db,
  actor: Principal,
  input: ConnectionInput,
  key: Keys = loadSecretKeyring(),
): Promise<ConnectionView> {
  const workspaceId = await currentWorkspaceId(db);
  const clash = await db.connection.findUnique({ where: { workspaceId_name: { workspaceId, name: input.name } } });
  if (clash) throw new ConflictError(`A connection named '${input.name}' already exists.`, { name: input.name });
  const row = await db.connection.create({
    data: {
      workspaceId,
      name: input.name,
      description: input.description,
      createdById: actor.id,
      fields: {
        create: input.fields.map((f) => ({
          name: f.name,
          secret: f.secret,
          ...fieldColumns(key, input.name, f, f.value ?? null),
        })),
      },
    },
    include: FIELDS_INCLUDE,
  });
  await recordAudit(db, {
    actor,
    action: "connection.create",
    target: input.name,
    details: {
      fields: input.fields.map((f) => f.name),
      secrets: input.fields.filter((f) => f.secret).map((f) => f.name),
      set: input.fields.filter((f) => typeof f.value === "string").map((f) => f.name),
    },
  });
  return toConnectionView(row, "values");
}
