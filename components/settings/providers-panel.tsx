"use client";
import { useState } from "react";
import { useCredentials, useRemoveCredential, useSetCredential } from "@/components/api/settings-queries";
import { formatDateTime } from "@/components/shell/format";

export function ProvidersPanel() {
  const creds = useCredentials();
  const set = useSetCredential();
  const remove = useRemoveCredential();
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <section className="card" data-testid="providers-panel">
      <h2>Provider keys</h2>
      <p className="muted">Saved keys are encrypted at rest (AES-256-GCM) and never sent back to a browser: only a masked hint is shown. A key in the environment is used when none is saved.</p>
      {creds.data ? (
        <table className="table compact">
          <thead>
            <tr>
              <th>Provider</th>
              <th>Variable</th>
              <th>Saved key</th>
              <th>Environment</th>
              <th>Replace</th>
            </tr>
          </thead>
          <tbody>
            {creds.data.environment.map((env) => {
              const saved = creds.data.credentials.find((c) => c.provider === env.provider);
              return (
                <tr key={env.provider}>
                  <td className="mono">{env.provider}</td>
                  <td className="mono">{env.variable}</td>
                  <td>
                    {saved ? (
                      <>
                        <span className="mono">{saved.hint}</span> <span className="muted">{formatDateTime(saved.updatedAt)}</span>{" "}
                        <button className="btn small" onClick={() => remove.mutate(env.provider)}>
                          Remove
                        </button>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{env.set ? <span className="pill ok">set</span> : "—"}</td>
                  <td>
                    <form
                      className="inline-form"
                      onSubmit={(e) => {
                        e.preventDefault();
                        set.mutate({ provider: env.provider, value: values[env.provider] ?? "" }, { onSuccess: () => setValues({ ...values, [env.provider]: "" }) });
                      }}
                    >
                      <input
                        type="password"
                        autoComplete="off"
                        aria-label={`${env.provider} key`}
                        placeholder="Paste a key"
                        value={values[env.provider] ?? ""}
                        onChange={(e) => setValues({ ...values, [env.provider]: e.target.value })}
                      />
                      <button className="btn small" type="submit">
                        Save
                      </button>
                    </form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {set.error ? <p className="error" role="alert">{set.error.message}</p> : null}
    </section>
  );
}
