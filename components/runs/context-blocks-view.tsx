"use client";
/**
 * The context blocks a model request was given (its tools' `context(ctx)` functions): each tool's
 * text, how long it ran, and why it failed (the request went on without it). Nothing for a request
 * without any (or older than the record).
 */
import type { ContextBlockView } from "@/lib/runs/read-models/traces/model-request.shared";
import { formatDuration } from "./usage-format";

export function ContextBlocksView({ blocks }: { blocks: readonly ContextBlockView[] | null | undefined }) {
  if (!blocks?.length) return null;
  return (
    <section aria-label="Context blocks" data-testid="span-context-blocks">
      <h4>Context blocks (sent after the conversation, not stored as messages)</h4>
      {blocks.map((b, i) => (
        <div key={i}>
          <span className="small">
            <span className="mono">{b.tool}</span>
            {b.durationMs !== null ? <span className="muted"> · {formatDuration(b.durationMs)}</span> : null}
            {b.error ? null : b.text.trim() ? null : <span className="muted"> · returned nothing</span>}
          </span>
          {b.error ? (
            <pre className="json-block error">failed: {b.error}</pre>
          ) : b.text.trim() ? (
            <pre className="json-block">{b.text}</pre>
          ) : null}
        </div>
      ))}
    </section>
  );
}
