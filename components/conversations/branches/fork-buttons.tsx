"use client";
/**
 * The transcript's fork points: after a settled run, its anchor (`#seq-N`, where a fork's banner
 * links) and "Fork from here"; under a user message, "Fork from here" before its run, the message
 * going back into the new conversation's box.
 */
import { BranchIcon } from "./branch-icon";
import type { ForkTarget } from "./fork-dialog";

export function ForkPoint({ seq, onFork }: { seq: number; onFork?: (t: ForkTarget) => void }) {
  return (
    <div className="tt-fork-point" id={`seq-${seq}`} data-testid="fork-point" data-seq={seq}>
      {onFork ? (
        <button
          type="button"
          className="link-button tt-fork"
          aria-label={`Fork from here (after event ${seq})`}
          onClick={() => onFork({ atSeq: seq, draft: null })}
          data-testid="fork-here"
        >
          <BranchIcon /> Fork from here
        </button>
      ) : null}
    </div>
  );
}

export function ForkMessageButton({
  seq,
  text,
  onFork,
}: {
  seq: number;
  text: string;
  onFork: (t: ForkTarget) => void;
}) {
  return (
    <button
      type="button"
      className="link-button tt-fork tt-fork-message"
      aria-label="Fork from here: a new conversation from just before this turn, its text back in the box"
      onClick={() => onFork({ atSeq: seq, draft: text })}
      data-testid="fork-message"
      data-seq={seq}
    >
      <BranchIcon /> Fork from here
    </button>
  );
}
