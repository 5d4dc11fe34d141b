"use client";
/**
 * An admin's form for one connection: create (a name, a description, fields) or change (the name
 * stays). Secret inputs are write-only: a stored secret is shown as "set · changed <date>" and its
 * input starts empty; left empty, the secret is kept. A plain field emptied is cleared. The
 * server's own schema checks the form first (names, duplicates, the 8-character floor).
 */
import { useState } from "react";
import { formatDateTime } from "@/components/shell/format";
import {
  ConnectionInput,
  ConnectionPatch,
  type ConnectionFieldInput,
  type ConnectionFieldView,
  type ConnectionView,
} from "@/lib/connections/connection-views.shared";
import { useCreateConnection, useUpdateConnection } from "./connection-queries";

interface Row {
  key: number;
  name: string;
  secret: boolean;
  /** What the admin typed: a plain field starts with its stored value, a secret field empty. */
  value: string;
  /** The field as stored (a change only). */
  stored: ConnectionFieldView | null;
}

let nextKey = 0;
const newRow = (): Row => ({ key: nextKey++, name: "", secret: false, value: "", stored: null });

function rowsOf(view: ConnectionView | null): Row[] {
  if (!view) return [newRow()];
  return view.fields.map((f) => ({
    key: nextKey++,
    name: f.name,
    secret: f.secret,
    value: !f.secret && f.value !== undefined ? f.value : "",
    stored: f,
  }));
}

/** A row as sent: an empty secret keeps what is stored (unset when new); an empty plain value clears. */
function fieldOf(row: Row, editing: boolean): ConnectionFieldInput {
  const typed = row.value.trim();
  const field = { name: row.name.trim(), secret: row.secret };
  if (typed) return { ...field, value: row.value };
  if (row.secret || !editing || !row.stored) return field;
  return { ...field, value: null };
}

export function ConnectionForm({ existing, onDone }: { existing: ConnectionView | null; onDone: () => void }) {
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const mutation = existing ? update : create;
  const [name, setName] = useState(existing?.name ?? "");
  const [description, setDescription] = useState(existing?.description ?? "");
  const [rows, setRows] = useState<Row[]>(() => rowsOf(existing));
  const [formError, setFormError] = useState<string | null>(null);
  const change = (key: number, patch: Partial<Row>) =>
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const label = existing ? `connection ${existing.name}` : "new connection";

  const submit = () => {
    const fields = rows.filter((r) => r.name.trim() || r.value.trim()).map((r) => fieldOf(r, existing !== null));
    const parsed = existing
      ? ConnectionPatch.safeParse({ description, fields })
      : ConnectionInput.safeParse({ name: name.trim(), description, fields });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFormError(`${issue.path.join(".")}: ${issue.message}`);
      return;
    }
    setFormError(null);
    const done = {
      onSuccess: () => {
        setRows((prev) => prev.map((r) => ({ ...r, value: r.secret ? "" : r.value }))); // write-only
        onDone();
      },
    };
    if (existing) update.mutate({ name: existing.name, ...(parsed.data as ConnectionPatch) }, done);
    else create.mutate(parsed.data as ConnectionInput, done);
  };

  return (
    <form
      className="connection-form"
      data-testid={existing ? `connection-edit-${existing.name}` : "connection-create-form"}
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="inline-form wrap">
        {existing ? null : (
          <input
            aria-label="Connection name"
            placeholder="name (e.g. weather)"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        )}
        <input
          aria-label={`Description of ${label}`}
          placeholder="What it connects to"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          size={40}
        />
      </div>
      <table className="table compact">
        <thead>
          <tr>
            <th>Field</th>
            <th>Secret</th>
            <th>Value</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.key} data-testid={`connection-form-field-${i}`}>
              <td>
                <input
                  aria-label={`Field ${i + 1} name`}
                  placeholder="apiKey"
                  value={r.name}
                  onChange={(e) => change(r.key, { name: e.target.value })}
                  readOnly={r.stored !== null}
                  size={16}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Field ${i + 1} is secret`}
                  checked={r.secret}
                  onChange={(e) => change(r.key, { secret: e.target.checked, value: "" })}
                />
              </td>
              <td>
                <input
                  type={r.secret ? "password" : "text"}
                  autoComplete={r.secret ? "new-password" : "off"}
                  aria-label={`Field ${i + 1} value`}
                  placeholder={placeholderOf(r)}
                  value={r.value}
                  onChange={(e) => change(r.key, { value: e.target.value })}
                  size={32}
                />{" "}
                {r.stored?.secret ? <StoredSecret field={r.stored} /> : null}
              </td>
              <td>
                <button
                  type="button"
                  className="btn small"
                  aria-label={`Remove field ${i + 1}`}
                  onClick={() => setRows((prev) => prev.filter((x) => x.key !== r.key))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="inline-form">
        <button type="button" className="btn small" onClick={() => setRows((prev) => [...prev, newRow()])}>
          Add field
        </button>
        <button type="submit" className="btn primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : existing ? "Save" : "Create connection"}
        </button>
        {existing ? (
          <button type="button" className="btn" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </div>
      {formError || mutation.error ? (
        <p className="error" role="alert">
          {formError ?? mutation.error?.message}
        </p>
      ) : null}
    </form>
  );
}

function placeholderOf(r: Row): string {
  if (!r.secret) return r.stored ? "empty: not set" : "value (optional)";
  if (r.stored?.secret && r.stored.set) return "leave empty to keep";
  return "at least 8 characters";
}

/** A stored secret: whether it is set and when it changed; never its value. */
export function StoredSecret({ field }: { field: ConnectionFieldView }) {
  return field.set ? (
    <span className="pill ok" data-testid="secret-state">
      set · changed {formatDateTime(field.updatedAt)}
    </span>
  ) : (
    <span className="pill warn" data-testid="secret-state">
      not set
    </span>
  );
}
