/** Deleting a connection (admin): its fields go with it (cascade); audited with their names. */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { requireConnectionRow } from "./list-connections";

export async function deleteConnection(db: Db, actor: Principal, name: string): Promise<void> {
  const row = await requireConnectionRow(db, name);
  await db.connection.delete({ where: { id: row.id } });
  await recordAudit(db, {
    actor,
    action: "connection.delete",
    target: name,
    details: { fields: row.fields.map((f) => f.name) },
  });
}
