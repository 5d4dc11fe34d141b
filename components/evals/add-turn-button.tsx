"use client";
/** Beside a user message in a transcript: "Add to dataset" opens the dialog that drafts a case from that turn. */
export function AddTurnButton({ turn, onAdd }: { turn: number; onAdd: (turn: number) => void }) {
  return (
    <button
      type="button"
      className="link-button tt-fork tt-fork-message"
      aria-label={`Add to dataset: turn ${turn + 1}, a case drafted from what happened, to edit`}
      onClick={() => onAdd(turn)}
      data-testid="add-turn-to-dataset"
      data-turn={turn}
    >
      + Add to dataset
    </button>
  );
}
