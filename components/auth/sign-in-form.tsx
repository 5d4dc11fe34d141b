"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-client";
import { authApi } from "@/lib/api/contracts/auth.shared";

export function SignInForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signIn = useMutation({
    mutationFn: () => apiFetch(authApi.signIn, { body: { email, password } }),
    onSuccess: () => window.location.assign("/"),
  });
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        signIn.mutate();
      }}
    >
      <h1>Sign in</h1>
      <label>
        Email
        <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      {signIn.error ? (
        <p className="error" role="alert">
          {signIn.error.message}
        </p>
      ) : null}
      <button type="submit" className="btn primary" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
