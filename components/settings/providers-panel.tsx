"use client";
import { useState } from "react";
import { useCredentials, useRemoveCredential, useSetCredential, useTestCredential } from "./settings-queries";
import { formatDateTime } from "@/components/shell/format";
import type { KeyedProvider } from "@/lib/auth/provider-credentials.shared";
import type { ProviderTestResult } from "@/lib/models/provider-test.shared";

/** A test's outcome: the server's answer, or the error of a request that did not get one. */
type TestOutcome = ProviderTestResult | { ok: false; error: string };

export function ProvidersPanel() {
  const creds = useCredentials();
  const set = useSetCredential();
  const remove = useRemoveCredential();
  const test = useTestCredential();
  const [values, setValues] = useState<Record<string, string>>({});
  const [keyBaseUrls, setKeyBaseUrls] = useState<Record<string, string>>({});
  const [results, setResults] = useState<Partial<Record<KeyedProvider, TestOutcome>>>({});
  const [testTargets, setTestTargets] = useState<Record<string, string>>({});
  const needsTarget = (provider: KeyedProvider) =>
    provider === "azure" ? "deployment" : provider === "openai-compatible" ? "base URL" : null;
  const runTest = (provider: KeyedProvider) => {
    const target = testTargets[provider]?.trim();
    test.mutate(
      provider === "azure"
        ? { provider, model: target }
        : provider === "openai-compatible"
          ? { provider, baseUrl: target }
          : { provider },
      {
        onSuccess: (r) => setResults((prev) => ({ ...prev, [provider]: r })),
        onError: (e) => setResults((prev) => ({ ...prev, [provider]: { ok: false, error: e.message } })),
      },
    );
  };
  return (
    <section className="card" data-testid="providers-panel">
      <h2>Provider keys</h2>
      <p className="muted">
        Saved keys are encrypted at rest (AES-256-GCM) and never sent back to a browser: only a masked hint is shown. A
        key in the environment is used when none is saved. An openai-compatible key is saved with its base URL and sent
        only there: an agent naming another URL gets no key.
      </p>
      {creds.data ? (
        <table className="table compact">
          <thead>
            <tr>
              <th>Provider</th>
              <th>Variable</th>
              <th>Saved key</th>
              <th>Environment</th>
              <th>Replace</th>
              <th>Test</th>
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
                        <span className="mono">{saved.hint}</span>{" "}
                        {saved.baseUrl ? <span className="mono muted">for {saved.baseUrl}</span> : null}{" "}
                        <span className="muted">{formatDateTime(saved.updatedAt)}</span>{" "}
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
                        set.mutate(
                          {
                            provider: env.provider,
                            value: values[env.provider] ?? "",
                            baseUrl: env.provider === "openai-compatible" ? keyBaseUrls[env.provider] : undefined,
                          },
                          { onSuccess: () => setValues({ ...values, [env.provider]: "" }) },
                        );
                      }}
                    >
                      {env.provider === "openai-compatible" ? (
                        <input
                          aria-label={`${env.provider} key base URL`}
                          placeholder="Base URL it is for"
                          value={keyBaseUrls[env.provider] ?? ""}
                          onChange={(e) => setKeyBaseUrls({ ...keyBaseUrls, [env.provider]: e.target.value })}
                          size={16}
                        />
                      ) : null}
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
                  <td data-testid={`test-${env.provider}`}>
                    {needsTarget(env.provider) ? (
                      <input
                        aria-label={`${env.provider} test ${needsTarget(env.provider)}`}
                        placeholder={needsTarget(env.provider)!}
                        value={testTargets[env.provider] ?? ""}
                        onChange={(e) => setTestTargets({ ...testTargets, [env.provider]: e.target.value })}
                        size={12}
                      />
                    ) : null}{" "}
                    <button
                      className="btn small"
                      onClick={() => runTest(env.provider)}
                      disabled={test.isPending && test.variables?.provider === env.provider}
                    >
                      {test.isPending && test.variables?.provider === env.provider ? "Testing…" : "Test"}
                    </button>
                    <TestResult outcome={results[env.provider]} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {set.error ? (
        <p className="error" role="alert">
          {set.error.message}
        </p>
      ) : null}
    </section>
  );
}

function TestResult({ outcome }: { outcome: TestOutcome | undefined }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <span className="pill ok" title={outcome.answer}>
      works
    </span>
  ) : (
    <div className="error small-text">{outcome.error}</div>
  );
}
