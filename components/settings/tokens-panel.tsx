"use client";
import { useState } from "react";
import { useCreateToken, useRevokeToken, useTokens } from "./settings-queries";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { CopyButton } from "@/components/shell/copy-button";
import { formatDateTime } from "@/components/shell/format";
import { useViewer } from "@/components/shell/viewer-context";
import { ROLES, type Role } from "@/lib/auth/roles.shared";

export function TokensPanel() {
  const viewer = useViewer();
  const grantable = viewer.roles.includes("admin") ? ROLES : ROLES.filter((r) => viewer.roles.includes(r));
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const confirm = useConfirm();
  const askRevoke = async (t: { id: string; name: string; role: string; hint: string }) => {
    const ok = await confirm({
      title: `Revoke the token '${t.name}'?`,
      message: `Scripts and clients using it (${t.role}, ${t.hint}) get 401 from now on. This cannot be undone; create a new token to replace it.`,
      confirmLabel: "Revoke token",
      tone: "danger",
    });
    if (ok) revoke.mutate(t.id);
  };
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>(grantable[grantable.length - 1] ?? "viewer");
  const [days, setDays] = useState("90");
  return (
    <section className="card" data-testid="tokens-panel">
      <h2>Your API tokens</h2>
      <p className="muted">
        For scripts and CI: send <code>Authorization: Bearer …</code>. A token carries one of your roles; its value is
        shown once.
      </p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, role, expiresInDays: days === "never" ? null : Number(days) },
            { onSuccess: () => setName("") },
          );
        }}
      >
        <input
          aria-label="Token name"
          placeholder="Token name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <select aria-label="Token role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {grantable.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
        <select aria-label="Expires" value={days} onChange={(e) => setDays(e.target.value)}>
          <option value="30">30 days</option>
          <option value="90">90 days</option>
          <option value="365">1 year</option>
          <option value="never">never</option>
        </select>
        <button className="btn" type="submit" disabled={create.isPending}>
          Create token
        </button>
      </form>
      {create.error ? (
        <p className="error" role="alert">
          {create.error.message}
        </p>
      ) : null}
      {create.data ? (
        <div className="secret-once" data-testid="new-token-box">
          <p className="secret-once-text">
            Your new token <strong>{create.data.summary.name}</strong> — copy it now, it will not be shown again:
          </p>
          <code data-testid="new-token">{create.data.token}</code>
          <CopyButton value={create.data.token} what="the new token" testId="copy-new-token" />
        </div>
      ) : null}
      {tokens.data && tokens.data.tokens.length > 0 ? (
        <table className="table compact">
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th>Token</th>
              <th>Last used</th>
              <th>Expires</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.data.tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.role}</td>
                <td className="mono">{t.hint}</td>
                <td>{formatDateTime(t.lastUsedAt)}</td>
                <td>{t.expiresAt ? formatDateTime(t.expiresAt) : "never"}</td>
                <td>
                  {t.revokedAt ? (
                    <span className="pill">revoked</span>
                  ) : (
                    <button className="btn small" onClick={() => void askRevoke(t)} aria-label={`Revoke ${t.name}`}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
