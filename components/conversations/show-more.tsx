"use client";
/** Long texts in the transcript: cut to a head (or clamped to a height) with a button that shows the rest. */
import { useState, type ReactNode } from "react";
import { clipText } from "./transcript-display";

/** A long plain text cut to its head, with a button that shows the rest (and back). */
export function ShowMoreText({ text, render }: { text: string; render: (shown: string) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const clip = clipText(text);
  if (!clip.clipped) return <>{render(text)}</>;
  return (
    <>
      {render(open ? text : `${clip.text}\n…`)}
      <button
        type="button"
        className="link-button cv-more"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="show-more"
      >
        {open ? "Show less" : `Show more (${(text.length - clip.text.length).toLocaleString("en-US")} more characters)`}
      </button>
    </>
  );
}

/** A long answer shown to a height, with a button that shows all of it. */
export function ShowMoreBlock({ long, children }: { long: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!long) return <>{children}</>;
  return (
    <>
      <div className={open ? undefined : "cv-clamp"}>{children}</div>
      <button
        type="button"
        className="link-button cv-more"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="show-more"
      >
        {open ? "Show less" : "Show more"}
      </button>
    </>
  );
}
