/**
 * What a change of a connection's fields writes (pure; ./update-connection.ts applies it): a field
 * sent without `value` is kept, `null` clears it, a string replaces it (a plain value equal to the
 * stored one is kept); a stored field not sent is removed; a field that changes between plain and
 * secret needs its value, so a sealed secret never becomes a readable plain value.
 */
import { AppError } from "../errors";
import type { ConnectionFieldInput } from "./connection-views.shared";

export interface StoredField {
  id: string;
  name: string;
  secret: boolean;
  value: string | null;
  ciphertext: string | null;
}

/** A field to write: its kind and new value (null: unset). */
export interface FieldWrite {
  name: string;
  secret: boolean;
  value: string | null;
}

export interface FieldPlan {
  create: FieldWrite[];
  update: Array<FieldWrite & { id: string }>;
  /** Ids of the stored fields not sent. */
  remove: string[];
  added: string[];
  changed: string[];
  removed: string[];
}

function kindChangeError(i: number, field: ConnectionFieldInput): AppError {
  const path = `fields.${i}.value`;
  const message = `the field '${field.name}' changes from ${field.secret ? "plain to secret" : "secret to plain"}: give its value`;
  return new AppError("validation_error", `${path}: ${message}`, { issues: [{ path, message, code: "custom" }] });
}

/** What a change writes (pure): the fields to create, update and remove, and their names for the audit. */
export function planFieldChanges(stored: readonly StoredField[], sent: readonly ConnectionFieldInput[]): FieldPlan {
  const byName = new Map(stored.map((f) => [f.name, f]));
  const plan: FieldPlan = { create: [], update: [], remove: [], added: [], changed: [], removed: [] };
  sent.forEach((f, i) => {
    const old = byName.get(f.name);
    if (!old) {
      plan.create.push({ name: f.name, secret: f.secret, value: f.value ?? null });
      plan.added.push(f.name);
      return;
    }
    if (old.secret !== f.secret) {
      if (f.value === undefined) throw kindChangeError(i, f);
    } else {
      if (f.value === undefined) return; // kept as stored
      const isSet = old.secret ? old.ciphertext !== null : old.value !== null;
      if (f.value === null && !isSet) return;
      if (!f.secret && f.value === old.value) return;
    }
    plan.update.push({ id: old.id, name: f.name, secret: f.secret, value: f.value });
    plan.changed.push(f.name);
  });
  const sentNames = new Set(sent.map((f) => f.name));
  for (const old of stored) {
    if (sentNames.has(old.name)) continue;
    plan.remove.push(old.id);
    plan.removed.push(old.name);
  }
  return plan;
}
