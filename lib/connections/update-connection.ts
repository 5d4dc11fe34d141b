/**
 * Changing a connection (admin): `fields` is the whole new list. A field sent without `value`
 * keeps its stored value, `null` clears it, a string replaces it; a field not sent is removed. A
 * field that changes between plain and secret needs its value, so a sealed secret never becomes a
 * readable plain value. Only the fields whose value changes are written (their `updatedAt` is
 * when the value changed). Audited with the names of the fields added, changed and removed.
 */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import { loadSecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import type { Keys } from "./connection-secrets";
import type { ConnectionPatch, ConnectionView } from "./connection-views.shared";
import { fieldColumns } from "./create-connection";
import { FIELDS_INCLUDE, requireConnectionRow, toConnectionView } from "./list-connections";
import { planFieldChanges } from "./plan-field-changes";

export async function updateConnection(
  db: Db,
  actor: Principal,
  name: string,
  patch: ConnectionPatch,
  key: Keys = loadSecretKeyring(),
): Promise<ConnectionView> {
  const row = await requireConnectionRow(db, name);
  const plan = planFieldChanges(row.fields, patch.fields);
  const description = patch.description ?? row.description;
  const updated = await db.$transaction(async (tx) => {
    if (plan.remove.length) await tx.connectionField.deleteMany({ where: { id: { in: plan.remove } } });
    for (const f of plan.update) {
      await tx.connectionField.update({
        where: { id: f.id },
        data: { secret: f.secret, ...fieldColumns(key, name, f, f.value) },
      });
    }
    for (const f of plan.create) {
      await tx.connectionField.create({
        data: { connectionId: row.id, name: f.name, secret: f.secret, ...fieldColumns(key, name, f, f.value) },
      });
    }
    return tx.connection.update({ where: { id: row.id }, data: { description }, include: FIELDS_INCLUDE });
  });
  await recordAudit(db, {
    actor,
    action: "connection.update",
    target: name,
    details: {
      added: plan.added,
      changed: plan.changed,
      removed: plan.removed,
      ...(description !== row.description ? { description: true } : {}),
    },
  });
  return toConnectionView(updated, "values");
}
