"use client";
/** A refused fork or replay, in its dialog: the API's code and message, and the valid fork points when it names them. */
import { ApiClientError } from "@/components/api/api-client";

export function BranchError({ error }: { error: Error }) {
  const api = error instanceof ApiClientError ? error : null;
  const valid = (api?.body as { error?: { validSeqs?: unknown } } | null)?.error?.validSeqs;
  const seqs = Array.isArray(valid) ? valid.filter((n): n is number => typeof n === "number") : [];
  return (
    <div className="cv-refusal" role="alert" data-testid="branch-error" data-code={api?.code}>
      <p>
        {api && api.code !== `http_${api.status}` ? <span className="mono cv-refusal-code">{api.code}</span> : null}
        {error.message}
      </p>
      {seqs.length ? (
        <p className="small">
          Points you can fork at nearby: {seqs.map((s) => (s === 0 ? "the start" : `event ${s}`)).join(", ")}
        </p>
      ) : null}
    </div>
  );
}
