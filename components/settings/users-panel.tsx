"use client";
import { useState } from "react";
import { useCreateUser, useUpdateUser, useUsers } from "./settings-queries";
import { formatDateTime } from "@/components/shell/format";
import { ROLES, type Role } from "@/lib/auth/roles.shared";

export function UsersPanel() {
  const users = useUsers();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [form, setForm] = useState({ name: "", email: "", password: "", roles: ["viewer"] as Role[] });
  const toggle = (roles: Role[], r: Role) => (roles.includes(r) ? roles.filter((x) => x !== r) : [...roles, r]);
  return (
    <section className="card" data-testid="users-panel">
      <h2>Users</h2>
      {users.data && users.data.users.length === 0 ? (
        <p className="muted">No users yet: you are signed in with ATELIER_ADMIN_TOKEN. Add the first user below.</p>
      ) : null}
      {users.data && users.data.users.length > 0 ? (
        <table className="table compact">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Roles</th>
              <th>Last sign-in</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {users.data.users.map((u) => (
              <tr key={u.id} data-testid={`user-${u.email}`}>
                <td>{u.name}</td>
                <td className="mono">{u.email}</td>
                <td>
                  {ROLES.map((r) => (
                    <label key={r} className="check">
                      <input
                        type="checkbox"
                        checked={u.roles.includes(r)}
                        onChange={() => update.mutate({ id: u.id, roles: toggle(u.roles, r) })}
                      />
                      {r}
                    </label>
                  ))}
                </td>
                <td>{formatDateTime(u.lastLoginAt)}</td>
                <td>
                  {u.active ? <span className="pill ok">active</span> : <span className="pill">deactivated</span>}{" "}
                  <button className="btn small" onClick={() => update.mutate({ id: u.id, active: !u.active })}>
                    {u.active ? "Deactivate" : "Reactivate"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {update.error ? (
        <p className="error" role="alert">
          {update.error.message}
        </p>
      ) : null}
      <h3>Add a user</h3>
      <form
        className="inline-form wrap"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(form, { onSuccess: () => setForm({ name: "", email: "", password: "", roles: ["viewer"] }) });
        }}
      >
        <input
          aria-label="New user name"
          placeholder="Name"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          required
        />
        <input
          aria-label="New user email"
          placeholder="Email"
          type="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          required
        />
        <input
          aria-label="New user password"
          placeholder="Initial password (12+)"
          type="password"
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
          required
        />
        <span>
          {ROLES.map((r) => (
            <label key={r} className="check">
              <input
                type="checkbox"
                aria-label={`new user role ${r}`}
                checked={form.roles.includes(r)}
                onChange={() => setForm({ ...form, roles: toggle(form.roles, r) })}
              />
              {r}
            </label>
          ))}
        </span>
        <button className="btn" type="submit" disabled={create.isPending}>
          Add user
        </button>
      </form>
      {create.error ? (
        <p className="error" role="alert">
          {create.error.message}
        </p>
      ) : null}
    </section>
  );
}
