"use client";
import { useState } from "react";
import { localIssues, serverIssues, type FieldIssue } from "@/components/auth/form-issues";
import { ChangePasswordInput } from "@/lib/auth/users.shared";
import { useChangePassword } from "./settings-queries";

/** The signed-in user's own password: current and new; their other sessions end and their API tokens are revoked. */
export function PasswordPanel() {
  const change = useChangePassword();
  const [form, setForm] = useState({ currentPassword: "", newPassword: "" });
  const [checked, setChecked] = useState<FieldIssue[]>([]);
  const issues = checked.length > 0 ? checked : serverIssues(change.error);
  const issue = (field: string) => issues.find((i) => i.path === field)?.message;
  const field = (name: keyof typeof form, label: string, autoComplete: string) => (
    <label>
      {label}
      <input
        type="password"
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        required
        aria-invalid={Boolean(issue(name))}
      />
      {issue(name) ? <span className="field-error">{issue(name)}</span> : null}
    </label>
  );
  return (
    <section className="card" data-testid="password-panel">
      <h2>Your password</h2>
      <p className="muted" data-testid="password-change-effects">
        Changing it signs you out everywhere else and revokes all your API tokens (create new ones after); this browser
        stays signed in.
      </p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          const local = localIssues(ChangePasswordInput, form);
          setChecked(local);
          if (local.length === 0)
            change.mutate(form, { onSuccess: () => setForm({ currentPassword: "", newPassword: "" }) });
        }}
      >
        {field("currentPassword", "Current password", "current-password")}
        {field("newPassword", "New password (12 characters or more)", "new-password")}
        {change.error && issues.length === 0 ? (
          <p className="error" role="alert">
            {change.error.message}
          </p>
        ) : null}
        {change.data ? (
          <p role="status">
            Password changed.{" "}
            {change.data.endedSessions === 1
              ? "1 other session was signed out."
              : `${change.data.endedSessions} other sessions were signed out.`}
            {change.data.revokedTokens === 0
              ? null
              : change.data.revokedTokens === 1
                ? " 1 API token was revoked."
                : ` ${change.data.revokedTokens} API tokens were revoked.`}
          </p>
        ) : null}
        <button type="submit" className="btn" disabled={change.isPending}>
          {change.isPending ? "Changing…" : "Change password"}
        </button>
      </form>
    </section>
  );
}
