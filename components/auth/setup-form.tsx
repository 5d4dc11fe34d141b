"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, ApiClientError } from "@/components/api/api-client";

type Issues = Array<{ path: string; message: string }>;

export function SetupForm() {
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const setup = useMutation({
    mutationFn: () => apiFetch("/api/auth/setup", { method: "POST", body: JSON.stringify(form) }),
    onSuccess: () => window.location.assign("/tools"),
  });
  const issues: Issues =
    setup.error instanceof ApiClientError
      ? ((setup.error.body as { error?: { issues?: Issues } })?.error?.issues ?? [])
      : [];
  const issue = (field: string) => issues.find((i) => i.path === field)?.message;
  const field = (name: "name" | "email" | "password", label: string, type: string, autoComplete: string) => (
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
        setup.mutate();
      }}
    >
      <h1>Create the admin</h1>
      <p className="muted">
        This studio has no users yet. The first account is its admin; this page disappears once it exists.
      </p>
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
