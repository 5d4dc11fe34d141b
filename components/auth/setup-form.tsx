"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, ApiClientError } from "@/components/api/api-client";
import { authApi } from "@/lib/api/contracts/auth.shared";
import { SetupInput } from "@/lib/auth/users.shared";
import { localIssues, serverIssues, type FieldIssue } from "./form-issues";

/**
 * `token`: the setup token from the link's query string (empty when the link was not used);
 * `tokenFile`: the file on the server that holds it (null when the token comes from the environment).
 */
export function SetupForm({ token, tokenFile }: { token: string; tokenFile: string | null }) {
  const [form, setForm] = useState({ name: "", email: "", password: "", token });
  const [checked, setChecked] = useState<FieldIssue[]>([]);
  const setup = useMutation({
    mutationFn: () => apiFetch(authApi.setup, { body: form }),
    onSuccess: () => window.location.assign("/"),
  });
  const issues = checked.length > 0 ? checked : serverIssues(setup.error);
  // The link's token stays out of sight; the field appears without one, or when it was refused.
  const askToken = !token || (setup.error instanceof ApiClientError && setup.error.code === "invalid_setup_token");
  const issue = (field: string) => issues.find((i) => i.path === field)?.message;
  const field = (name: "name" | "email" | "password" | "token", label: string, type: string, autoComplete: string) => (
    <label>
      {label}
      <input
        type={type}
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
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        const local = localIssues(SetupInput, form);
        setChecked(local);
        if (local.length === 0) setup.mutate();
      }}
    >
      <h1>Create the admin</h1>
      <p className="muted">
        This studio has no users yet. The first account is its admin; this page disappears once it exists.
      </p>
      {askToken ? (
        <>
          <p className="muted" data-testid="setup-token-hint">
            Open the setup link <code>npm start</code> printed, or paste its token
            {tokenFile ? (
              <>
                {" "}
                (also in <code data-testid="setup-token-file">{tokenFile}</code> on the server)
              </>
            ) : null}
            .
          </p>
          {field("token", "Setup token", "text", "off")}
        </>
      ) : null}
      {field("name", "Name", "text", "name")}
      {field("email", "Email", "email", "username")}
      {field("password", "Password (12 characters or more)", "password", "new-password")}
      {setup.error && issues.length === 0 ? (
        <p className="error" role="alert">
          {setup.error.message}
        </p>
      ) : null}
      <button type="submit" className="btn primary" disabled={setup.isPending}>
        {setup.isPending ? "Creating…" : "Create admin and sign in"}
      </button>
    </form>
  );
}
