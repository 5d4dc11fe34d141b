"use client";
/**
 * The model picker of one model config: the model's name, offered from the catalog of its
 * provider (GET /api/models: the bundled price table's models) and free to type, with what the
 * catalog knows of it; and the provider's key status beside the provider ("no key saved: add one
 * in Settings → Provider keys"). The offline providers need neither.
 */
import Link from "next/link";
import { useId } from "react";
import { useCan } from "@/components/shell/viewer-context";
import { providerNotReady, type CatalogModel, type CatalogProvider } from "@/lib/models/model-catalog.shared";
import { useIssues } from "./fields";

/** Where provider keys are saved (admins only). */
export const PROVIDER_KEYS_HREF = "/settings/providers";

const usd = (n: number) => `$${n < 1 ? n.toFixed(n < 0.1 ? 3 : 2) : n.toFixed(2)}`;

/** "$2.50 in / $10.00 out per million tokens · 128,000-token context" */
export function describeCatalogModel(m: CatalogModel): string {
  const parts: string[] = [];
  if (m.inputPerMillion !== null && m.outputPerMillion !== null)
    parts.push(`${usd(m.inputPerMillion)} in / ${usd(m.outputPerMillion)} out per million tokens`);
  if (m.contextWindow) parts.push(`${m.contextWindow.toLocaleString("en-US")}-token context`);
  return parts.join(" · ");
}

/** The provider's key status, in words, with the way to fix a missing key. */
export function KeyStatus({ provider }: { provider: CatalogProvider | undefined }) {
  const admin = useCan("admin");
  if (!provider || (!provider.needsKey && !provider.missingSetting)) return null;
  if (!providerNotReady(provider)) {
    return (
      <span className="key-status ok" data-testid="key-status">
        ✓ Key {provider.keySource === "studio" ? "saved in the studio" : `set on the server (${provider.keyVariable})`}
      </span>
    );
  }
  if (provider.needsKey && !provider.keySaved) {
    return (
      <span className="key-status missing" data-testid="key-status">
        ⚠ No {provider.label} key saved:{" "}
        {admin ? (
          <>
            add one in <Link href={PROVIDER_KEYS_HREF}>Settings → Provider keys</Link>
          </>
        ) : (
          <>
            an admin can add one in <Link href={PROVIDER_KEYS_HREF}>Settings → Provider keys</Link>
          </>
        )}
        . Until then, conversations with this model fail at their first message.
      </span>
    );
  }
  return (
    <span className="key-status missing" data-testid="key-status">
      ⚠ {provider.label} cannot run yet: {provider.missingSetting}.
    </span>
  );
}

/** The model's name: a text box offering the provider's known models (any other name may be typed). */
export function ModelNameInput({
  provider,
  value,
  onChange,
  at,
  catalog,
}: {
  provider: string;
  value: string;
  onChange: (v: string) => void;
  at: string;
  catalog: CatalogProvider | undefined;
}) {
  const listId = useId();
  const hintId = useId();
  const invalid = useIssues(at).length > 0;
  const models = catalog?.models ?? [];
  const known = models.find((m) => m.id === value.trim());
  const placeholder = provider === "openai-compatible" ? "e.g. llama3.1:8b" : models[0] ? `e.g. ${models[0].id}` : "";
  return (
    <>
      <input
        type="text"
        className="mono"
        aria-label="Model"
        aria-invalid={invalid}
        aria-describedby={hintId}
        list={models.length ? listId : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {models.length ? (
        <datalist id={listId} data-testid="model-options">
          {models.map((m) => (
            <option key={m.id} value={m.id} label={[m.name, describeCatalogModel(m)].filter(Boolean).join(" — ")} />
          ))}
        </datalist>
      ) : null}
      <span id={hintId} className="field-hint muted" data-testid="model-info">
        {known
          ? describeCatalogModel(known) || "In the price table."
          : models.length && value.trim()
            ? "Not in the bundled price table: it runs if the provider knows it, but its cost is not counted."
            : models.length
              ? `Pick one of ${models.length} known models or type any name the provider accepts.`
              : "The name the server knows the model by."}
      </span>
    </>
  );
}
