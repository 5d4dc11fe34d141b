"use client";
/** The description exactly as the model receives it, the human part greyed, and its length against the 30-character floor. */
import { codePointLength, isBelowDescriptionFloor, MIN_DESCRIPTION_LENGTH } from "@/lib/tools/description-floor.shared";

export function DescriptionPreview({ description, humanNotes }: { description: string; humanNotes: string | null }) {
  const n = codePointLength(description);
  const short = isBelowDescriptionFloor(description);
  return (
    <div className="desc-preview">
      <div className="desc-head">
        <span className="preview-label">Description (sent)</span>
        <span className={`pill ${short ? "danger" : "ok"}`} data-testid="description-count">
          {n} character{n === 1 ? "" : "s"}, {MIN_DESCRIPTION_LENGTH} minimum{short ? " — too short" : ""}
        </span>
      </div>
      <pre className="desc-sent" data-testid="preview-description">
        {description || <span className="muted">(empty)</span>}
      </pre>
      {humanNotes ? (
        <div className="desc-human" data-testid="preview-human-notes">
          <span className="preview-label">Below the --- cut · not sent to the model</span>
          <pre>{humanNotes}</pre>
        </div>
      ) : null}
    </div>
  );
}
