"use client";
/**
 * What an upgrade did for one agent ("'billing' saved as v4: it runs tool v2 (was v1).") and where
 * production points, with "Move production" when it still points at an older version (PUT
 * /api/agents/{id}/labels/production).
 */
import { useState } from "react";
import { useMoveLabel } from "@/components/agents/agent-version-queries";
import type { ToolUpgradeResult } from "@/lib/tool-store/tool-views.shared";
import { upgradeOutcome } from "./pin-status";
import "./tool-pins.css";

export function UpgradeResultNote({ result, canMove }: { result: ToolUpgradeResult; canMove: boolean }) {
  const move = useMoveLabel(result.agentId);
  const [moved, setMoved] = useState<number | null>(null);
  const outcome = upgradeOutcome(result);
  return (
    <div className="upgrade-result" role="status" data-testid={`upgrade-result-${result.name}`}>
      <p>{outcome.message}</p>
      {moved !== null ? (
        <p data-testid="production-moved">
          Production now points at v{moved}: new conversations run the new tool version.
        </p>
      ) : (
        <p className="muted small" data-testid="production-state">
          {outcome.production}
        </p>
      )}
      {outcome.offerMove && moved === null && canMove ? (
        <div className="inline-form">
          <button
            type="button"
            className="btn small primary"
            disabled={move.isPending}
            onClick={() =>
              move.mutate(
                { label: "production", version: result.agentVersion },
                { onSuccess: (r) => setMoved(r.version) },
              )
            }
          >
            {move.isPending ? "Moving…" : `Move production to v${result.agentVersion}`}
          </button>
        </div>
      ) : null}
      {move.error ? (
        <p className="error small" role="alert">
          Production not moved: {move.error.message}
        </p>
      ) : null}
    </div>
  );
}
